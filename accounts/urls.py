"""Account pages, mounted under /accounts/ by sw_site/urls.py.

Deliberately not namespaced: ``settings.LOGIN_URL = "login"`` and Django's auth views
and templates refer to the plain names ``login`` and ``logout``.
"""

from django.contrib.auth import views as auth_views
from django.urls import path

from accounts.views import LoginView, signup_view

urlpatterns = [
    path("signup/", signup_view, name="signup"),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
]
