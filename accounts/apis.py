"""Account API: exchange a username and password for an API token."""

from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services import auth_token_get_or_create


class AuthTokenCreateApi(APIView):
    """``POST /api/auth/token/`` with ``{"username", "password"}`` → ``{"token"}``.

    Send it afterwards as ``Authorization: Token <token>``. No session is involved, so
    the endpoint needs no CSRF token.
    """

    authentication_classes: list[type] = []
    permission_classes: list[type] = []

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "AuthTokenCreateInput"

        username = serializers.CharField(max_length=150)
        password = serializers.CharField(max_length=128, trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "AuthTokenCreateOutput"

        token = serializers.CharField()
        username = serializers.CharField()

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer}, auth=[])
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = authenticate(
            request._request,
            username=serializer.validated_data["username"],
            password=serializer.validated_data["password"],
        )
        if user is None or not user.is_active:
            raise exceptions.AuthenticationFailed(
                "Unable to log in with the username and password given."
            )
        token = auth_token_get_or_create(user=user)
        data = self.OutputSerializer(
            {"token": token.key, "username": user.username}
        ).data
        return Response(data, status=status.HTTP_200_OK)
