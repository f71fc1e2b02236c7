"""Account API: exchange a username and password for an API token; list and revoke
your tokens.

Logins are throttled per address and per account (``sw_site.throttles``): 429 with
``Retry-After`` once spent, even for the right password.
"""

from __future__ import annotations

import math

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import auth_token_list
from accounts.services import auth_token_get_or_create, auth_token_revoke
from sw_site.fields import StrictCharField, StrictInputSerializer
from sw_site.openapi import DESCRIPTIONS, error_response
from sw_site.throttles import login_failed, login_succeeded, login_wait


class AuthTokenCreateApi(APIView):
    """``POST /api/auth/token/`` with ``{"username", "password"}`` → ``{"token"}``.

    Send it afterwards as ``Authorization: Token <token>``. No session is involved, so
    the endpoint needs no CSRF token.
    """

    authentication_classes: list[type] = []
    permission_classes: list[type] = []

    def get_authenticate_header(self, request: Request) -> str:
        # Wrong credentials are a 401 with `WWW-Authenticate: Token`, not a 403.
        return "Token"

    class InputSerializer(StrictInputSerializer):
        class Meta:
            ref_name = "AuthTokenCreateInput"

        username = StrictCharField(max_length=150)
        password = StrictCharField(max_length=128, trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "AuthTokenCreateOutput"

        token = serializers.CharField()
        username = serializers.CharField()

    @extend_schema(
        request=InputSerializer,
        responses={
            200: OutputSerializer,
            401: error_response(
                "Wrong username or password (`authentication_failed`)."
            ),
            429: error_response(DESCRIPTIONS[429]),
        },
        auth=[],
        description="The same token until it is revoked or expires "
        "(DJANGO_TOKEN_TTL_DAYS). Throttled per address and per account: after "
        "too many failed attempts even the right password answers 429 until the "
        "window has passed.",
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        username = serializer.validated_data["username"]
        wait = login_wait(request, username)
        if wait is not None:
            raise exceptions.Throttled(wait=math.ceil(wait))
        user = authenticate(
            request._request,
            username=username,
            password=serializer.validated_data["password"],
        )
        if user is None or not user.is_active:
            login_failed(request, username)
            raise exceptions.AuthenticationFailed(
                "Unable to log in with the username and password given."
            )
        login_succeeded(request, username)
        token = auth_token_get_or_create(user=user)
        data = self.OutputSerializer(
            {"token": token.key, "username": user.username}
        ).data
        return Response(data, status=status.HTTP_200_OK)


class AuthTokenListApi(APIView):
    """``GET /api/auth/tokens/``: your API tokens (ids, never the keys)."""

    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "AuthTokenListOutput"

        id = serializers.CharField(help_text="The key's first 8 characters.")
        created = serializers.DateTimeField()
        expires = serializers.DateTimeField(
            allow_null=True, help_text="null: never expires."
        )

    @extend_schema(
        operation_id="auth_tokens_list",
        responses={200: OutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        tokens = auth_token_list(user=request.user)
        return Response(self.OutputSerializer(tokens, many=True).data)


class AuthTokenRevokeApi(APIView):
    """``DELETE /api/auth/tokens/{id}/``: revoke one of your tokens (404 otherwise)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="auth_tokens_destroy",
        responses={
            204: OpenApiResponse(description="Revoked: the key no longer works."),
        },
    )
    def delete(self, request: Request, token_id: str) -> Response:
        if not auth_token_revoke(user=request.user, token_id=token_id):
            raise exceptions.NotFound("You have no token with this id.")
        return Response(status=status.HTTP_204_NO_CONTENT)
