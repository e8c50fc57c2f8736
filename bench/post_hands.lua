-- wrk script: POST new hands, each to a distinct (game, hand_no), with a fresh UUID
-- Idempotency-Key. Games come from a file of "id edit_token" lines (made by api_load);
-- thread t of n takes every n-th game and walks them round-robin, so two requests for
-- the same game are a whole round apart and hand_no always follows the last acknowledged
-- one. Bidders alternate sides so no game ends before hand 13.
-- Usage: wrk -s post_hands.lua URL -- GAMES_FILE NTHREADS
local threads, count = {}, 0

function setup(thread)
  thread:set("tid", count)
  count = count + 1
  table.insert(threads, thread)
end

local function uuid4()
  local t = {}
  for i = 1, 16 do t[i] = math.random(0, 255) end
  t[7] = t[7] % 16 + 64
  t[9] = t[9] % 64 + 128
  return string.format("%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
    unpack(t))
end

function init(args)
  local n = tonumber(args[2])
  math.randomseed(os.time() + tid * 7919)
  games, idx, exhausted, created, other, last_error = {}, 0, 0, 0, 0, ""
  local i = 0
  for line in io.lines(args[1]) do
    if i % n == tid then
      local id, token = line:match("(%S+)%s+(%S+)")
      table.insert(games, {id = id, token = token, next = 1})
    end
    i = i + 1
  end
end

local function hand_request(g, hand_no)
  local body = string.format(
    '{"hand_no": %d, "bidder": %d, "bid": 30, "result": {"captured": %d}}',
    hand_no, (hand_no - 1) % 4, 30 + hand_no % 7)
  return wrk.format("POST", "/api/games/" .. g.id .. "/hands", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. g.token,
    ["Idempotency-Key"] = uuid4(),
  }, body)
end

-- wrk calls thread 0's request() once before the run, only to check what it returns, and
-- never sends that request: that call must not use up a hand number (it did, and the game
-- it took hand 1 from answered 409 "the next hand is 1" when its hand 2 came).
local verified = false

function request()
  if tid == 0 and not verified then
    verified = true
    return hand_request(games[1], 1)
  end
  idx = idx % #games + 1
  local g = games[idx]
  local hand_no = g.next
  g.next = hand_no + 1
  if hand_no > 13 then exhausted = exhausted + 1 end
  return hand_request(g, hand_no)
end

function response(status, headers, body)
  if status == 201 then
    created = created + 1
  else
    other = other + 1
    last_error = status .. " " .. string.sub(body or "", 1, 300)
  end
end

-- A Lua string as a JSON string literal (%q escapes a newline as backslash-newline, which
-- JSON does not accept).
local function json_string(s)
  return '"' .. s:gsub('[%c"\\]', function(ch)
    return string.format("\\u%04x", ch:byte())
  end) .. '"'
end

function done(summary, latency, requests)
  local c, o, x, err = 0, 0, 0, ""
  for _, t in ipairs(threads) do
    c = c + t:get("created")
    o = o + t:get("other")
    x = x + t:get("exhausted")
    local e = t:get("last_error")
    if e ~= "" then err = e end
  end
  local secs = summary.duration / 1e6
  io.write(string.format(
    'JSON {"requests": %d, "seconds": %.3f, "ok": %d, "errors": %d, "exhausted": %d, ' ..
    '"connect_errors": %d, "read_errors": %d, "write_errors": %d, "timeouts": %d, "p50_ms": %.3f, "p99_ms": %.3f, "last_error": %s}\n',
    summary.requests, secs, c, o, x, summary.errors.connect,
    summary.errors.read, summary.errors.write, summary.errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, json_string(err)))
end
