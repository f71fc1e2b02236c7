"""Accounts: sign up, log in and out (Django auth, CSRF) and API tokens."""
