-- wrk script: GET one path, counting 2xx and 304 answers as served (a board polling with
-- If-None-Match gets 304 while nothing changes). Usage: wrk -s board_get.lua URL -- PATH [ETAG]
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  path, etag, ok, other, bytes, last_error = args[1], args[2], 0, 0, 0, ""
end

function request()
  if etag ~= nil and etag ~= "" then
    return wrk.format("GET", path, {["If-None-Match"] = etag})
  end
  return wrk.format("GET", path)
end

function response(status, headers, body)
  if (status >= 200 and status < 300) or status == 304 then
    ok = ok + 1
    bytes = bytes + #(body or "")
  else
    other = other + 1
    last_error = status .. " " .. string.sub(body or "", 1, 300)
  end
end

function done(summary, latency, requests)
  local c, o, b, err = 0, 0, 0, ""
  for _, t in ipairs(threads) do
    c = c + t:get("ok")
    o = o + t:get("other")
    b = b + t:get("bytes")
    local e = t:get("last_error")
    if e ~= "" then err = e end
  end
  io.write(string.format(
    'JSON {"requests": %d, "seconds": %.3f, "ok": %d, "errors": %d, "bytes": %d, ' ..
    '"connect_errors": %d, "read_errors": %d, "timeouts": %d, "p50_ms": %.3f, ' ..
    '"p99_ms": %.3f, "last_error": %q}\n',
    summary.requests, summary.duration / 1e6, c, o, b, summary.errors.connect,
    summary.errors.read, summary.errors.timeout, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, err))
end
