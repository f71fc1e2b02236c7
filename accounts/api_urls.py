"""Account API routes, mounted under /api/ by sw_site/urls.py."""

from django.urls import path

from accounts.apis import AuthTokenCreateApi

app_name = "accounts-api"

urlpatterns = [
    path("auth/token/", AuthTokenCreateApi.as_view(), name="token"),
]
