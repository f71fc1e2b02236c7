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
