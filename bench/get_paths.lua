-- wrk script: GET a rotating list of paths read from a file (one path a line), counting
-- 2xx answers. Usage: wrk -s get_paths.lua URL -- PATHS_FILE
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  paths, idx, ok, other, last_error = {}, 0, 0, 0, ""
  for line in io.lines(args[1]) do
    if line ~= "" then table.insert(paths, line) end
  end
end

function request()
  idx = idx % #paths + 1
  return wrk.format("GET", paths[idx])
end

function response(status, headers, body)
  if status >= 200 and status < 300 then
    ok = ok + 1
  else
    other = other + 1
    last_error = status .. " " .. string.sub(body or "", 1, 300)
  end
end

function done(summary, latency, requests)
  local c, o, err = 0, 0, ""
  for _, t in ipairs(threads) do
    c = c + t:get("ok")
    o = o + t:get("other")
    local e = t:get("last_error")
    if e ~= "" then err = e end
  end
  io.write(string.format(
    'JSON {"requests": %d, "seconds": %.3f, "ok": %d, "errors": %d, "exhausted": 0, ' ..
    '"connect_errors": %d, "timeouts": %d, "p50_ms": %.3f, "p99_ms": %.3f, "last_error": %q}\n',
    summary.requests, summary.duration / 1e6, c, o, summary.errors.connect,
    summary.errors.timeout, latency:percentile(50) / 1000, latency:percentile(99) / 1000, err))
end
