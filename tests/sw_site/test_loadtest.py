"""``make load`` reads wrk's report right (the figures in the README come from it)."""

from __future__ import annotations

from sw_site.loadtest import parse_wrk

WRK = """Running 30s test @ http://127.0.0.1:8000/api/decks/validate/
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    72.10ms   40.25ms 512.33ms   80.12%
    Req/Sec   350.10     60.33   500.00     70.00%
  Latency Distribution
     50%   65.20ms
     75%   90.10ms
     90%  120.50ms
     99%    1.20s
  20958 requests in 30.03s, 20.10MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 7
Requests/sec:    697.90
Transfer/sec:    685.33KB
"""


def test_parse_wrk_report() -> None:
    result = parse_wrk(WRK)
    assert result["requests_per_s"] == 697.9
    assert result["requests"] == 20958
    assert result["p50_ms"] == 65.2 and result["p99_ms"] == 1200.0
    assert result["non_2xx"] == 7 and result["socket_errors"] == 3


def test_parse_wrk_clean_report() -> None:
    clean = WRK.replace("  Socket errors: connect 0, read 2, write 0, timeout 1\n", "")
    clean = clean.replace("  Non-2xx or 3xx responses: 7\n", "")
    result = parse_wrk(clean)
    assert result["non_2xx"] == 0 and result["socket_errors"] == 0


def test_the_load_test_starts_the_serve_configuration() -> None:
    """The same configuration file as `make serve`; only the address differs."""
    from sw_site.loadtest import CONFIG, ROOT, server_command

    command = server_command(9001)
    assert command[0].endswith("gunicorn")
    assert command[1:] == ["-c", str(CONFIG), "--bind", "127.0.0.1:9001"]
    assert CONFIG == ROOT / "sw_site" / "gunicorn_conf.py" and CONFIG.is_file()


def test_the_report_names_the_server_settings() -> None:
    from sw_site.loadtest import describe_server

    line = describe_server(
        {
            "worker_class": "gthread",
            "workers": "3",
            "threads": "4",
            "max_requests": "100000",
            "max_requests_jitter": "10000",
            "keepalive": "5",
            "keepalive_requests": "20",
            "timeout": "30",
            "preload_app": "True",
            "accesslog": "-",
        }
    )
    assert line.startswith("gunicorn gthread 3x4 (sw_site/gunicorn_conf.py: ")
    assert "max_requests 100000" in line and "keepalive 5" in line
    assert "keepalive_requests 20" in line
    assert "preload True" in line and "access log -" in line  # as given


def test_server_cpu_counts_the_process_and_its_children() -> None:
    import os
    import subprocess
    import sys
    import time

    from sw_site.loadtest import process_cpu

    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import time\nt = time.process_time()\n"
            "while time.process_time() - t < 0.5: pass\ntime.sleep(30)",
        ]
    )
    try:
        own = time.process_time()  # this process's own CPU, children apart
        before = process_cpu(os.getpid())
        deadline = time.monotonic() + 30
        while process_cpu(child.pid) < 0.45:  # the child has burnt its CPU
            assert time.monotonic() < deadline, "the child's CPU was not seen"
            time.sleep(0.1)
        counted = process_cpu(os.getpid()) - before
        # The child's CPU is in its parent's total (the parent's own CPU meanwhile
        # apart, and the clock tick of rounding).
        assert counted - (time.process_time() - own) >= 0.4
    finally:
        child.kill()
        child.wait()
    assert process_cpu(child.pid) == 0.0  # gone: nothing to tell


def test_the_server_settings_come_from_the_configuration_file() -> None:
    """What the report says is what gunicorn reads: the file, with the environment
    given (WEB_* variables)."""
    import os

    from sw_site.loadtest import server_settings

    env = {k: v for k, v in os.environ.items() if not k.startswith("WEB_")}
    settings = server_settings(
        {**env, "WEB_WORKERS": "7", "WEB_KEEPALIVE_REQUESTS": "9"}
    )
    assert settings["workers"] == "7" and settings["worker_class"] == "gthread"
    assert settings["keepalive_requests"] == "9"
    assert server_settings(env)["keepalive_requests"] == "20"
