-- wrk script: POST /v1/all with the pages named in a list file (one path per line), each
-- connection going through them in turn. Usage: wrk ... -s post_pages.lua URL -- LIST [PATH]
local bodies = {}
local next_body = 1
local path = "/v1/all"

function init(args)
  for name in io.lines(args[1]) do
    local file = assert(io.open(name, "rb"))
    bodies[#bodies + 1] = file:read("*a")
    file:close()
  end
  if args[2] then path = args[2] end
  next_body = math.random(#bodies)
end

function request()
  local body = bodies[next_body]
  next_body = next_body % #bodies + 1
  return wrk.format("POST", path, { ["Content-Type"] = "text/html" }, body)
end

function done(summary, latency, requests)
  io.write(string.format("requests %d, errors: connect %d, read %d, write %d, status %d, timeout %d\n",
    summary.requests, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.status, summary.errors.timeout))
  io.write(string.format("latency p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("requests/s %.1f\n", summary.requests / (summary.duration / 1e6)))
end
