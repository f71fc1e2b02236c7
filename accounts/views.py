"""Account pages: sign up, log in (Django's view, throttled) and out.

Sign-up creates the user through ``accounts.services.user_create`` and logs them in.
Both are throttled in the shared cache (``sw_site.throttles``): sign-ups per address,
logins per address and per account (failed attempts), answering 429 with
``Retry-After`` and the form again.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from accounts.forms import SignupForm
from accounts.services import user_create
from sw_site.throttles import login_failed, login_succeeded, login_wait, signup_wait


def _too_many(response: HttpResponse, wait: float) -> HttpResponse:
    response.status_code = 429
    response["Retry-After"] = str(max(1, math.ceil(wait)))
    return response


class LoginView(auth_views.LoginView):
    """Django's login page, throttled per address and per account."""

    redirect_authenticated_user = True

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = request.POST.get("username", "")
        wait = login_wait(request, username)
        if wait is not None:
            # An unbound form: a throttled attempt never reaches the password check.
            form = self.get_form_class()(self.request, initial={"username": username})
            form.cleaned_data = {}
            form.add_error(None, _too_many_message(wait))
            return _too_many(
                self.render_to_response(self.get_context_data(form=form)), wait
            )
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: Any) -> HttpResponse:
        login_failed(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)

    def form_valid(self, form: Any) -> HttpResponse:
        login_succeeded(self.request, self.request.POST.get("username", ""))
        return super().form_valid(form)


def throttled_admin_login(
    login_view: Callable[..., HttpResponse],
) -> Callable[..., HttpResponse]:
    """``AdminSite.login`` under the same limits as the login page (per address and
    per account, failing closed): installed on ``admin.site`` by ``AccountsConfig``.
    A refused attempt gets the admin's login page again, with status 429, a
    ``Retry-After`` header and the error, without the password being checked."""

    @wraps(login_view)
    def login(request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        if request.method != "POST":
            return login_view(request, extra_context)
        username = request.POST.get("username", "")
        wait = login_wait(request, username)
        if wait is not None:
            request.method = "GET"  # render the unbound form, check nothing
            try:
                response = login_view(request, extra_context)
            finally:
                request.method = "POST"
            form = getattr(response, "context_data", {}).get("form")
            if form is not None:
                form.cleaned_data = {}
                form.add_error(None, _too_many_message(wait))
            return _too_many(response, wait)
        response = login_view(request, extra_context)
        if request.user.is_authenticated and response.status_code in (301, 302, 303):
            login_succeeded(request, username)
        else:
            login_failed(request, username)
        return response

    return login


def _too_many_message(wait: float) -> str:
    return (
        "Too many login attempts; try again in "
        f"{max(1, math.ceil(wait / 60))} minute(s)."
    )


def _next_url(request: HttpRequest) -> str:
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    if candidate and url_has_allowed_host_and_scheme(
        candidate,
        allowed_hosts={request.get_host()},
        require_https=request.is_secure(),
    ):
        return candidate
    return "/"


@require_http_methods(["GET", "POST"])
def signup_view(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    form = SignupForm(request.POST or None)
    if request.method == "POST":
        wait = signup_wait(request)
        if wait is not None:
            form = SignupForm(initial={"username": request.POST.get("username", "")})
            form.cleaned_data = {}
            form.add_error(None, "Too many sign-ups from your address; try later.")
            page = render(
                request,
                "registration/signup.html",
                {"form": form, "next": _next_url(request)},
            )
            return _too_many(page, wait)
    if request.method == "POST" and form.is_valid():
        try:
            user = user_create(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data.get("email") or "",
            )
        except ValidationError as exc:
            for field, messages in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, messages)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(_next_url(request))
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": _next_url(request)},
        status=400 if form.errors else 200,
    )
