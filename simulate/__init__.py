"""Simulation jobs and matrices run by Celery workers; results pages and API."""
