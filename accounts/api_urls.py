"""Account API routes, mounted under /api/ by sw_site/urls.py."""

from django.urls import path

from accounts.apis import AuthTokenCreateApi, AuthTokenListApi, AuthTokenRevokeApi

app_name = "accounts-api"

urlpatterns = [
    path("auth/token/", AuthTokenCreateApi.as_view(), name="token"),
    path("auth/tokens/", AuthTokenListApi.as_view(), name="token-list"),
    path(
        "auth/tokens/<str:token_id>/",
        AuthTokenRevokeApi.as_view(),
        name="token-revoke",
    ),
]
