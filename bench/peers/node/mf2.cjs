// node mf2.cjs DIR [--rounds N]
//
// Times the npm microformats-parser over every .html page below DIR. Every page is read into
// memory first (as a UTF-8 string); only the loop over the pages is timed: mf2(html, { baseUrl })
// then JSON.stringify. The base URL is https://bench.example/<relative path>, as harvest-bench
// uses. A page that throws counts as a failure and the loop goes on. Prints the fastest of
// --rounds rounds (default 3). The package is resolved through NODE_PATH (run.sh installs it
// outside the repository).
"use strict";

const fs = require("fs");
const path = require("path");
const { mf2 } = require("microformats-parser");
const version = require("microformats-parser/package.json").version;

function collect(dir) {
  const files = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop();
    for (const name of fs.readdirSync(current)) {
      const full = path.join(current, name);
      const stat = fs.statSync(full); // follows symbolic links
      if (stat.isDirectory()) pending.push(full);
      else if (name.endsWith(".html") || name.endsWith(".htm")) files.push(full);
    }
  }
  // Byte order of the paths, as the Rust and Python programs sort them.
  return files.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

function main() {
  const args = process.argv.slice(2);
  let dir = "../shared/corpus";
  let rounds = 3;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--rounds") rounds = parseInt(args[++i], 10) || rounds;
    else dir = args[i];
  }
  const pages = collect(dir).map((file) => {
    const raw = fs.readFileSync(file);
    const relative = path.relative(dir, file).split(path.sep).join("/");
    return { baseUrl: "https://bench.example/" + relative, bytes: raw.length, html: raw.toString("utf8") };
  });
  if (pages.length === 0) {
    console.error("mf2.cjs: no .html pages below " + dir);
    process.exit(2);
  }
  const total = pages.reduce((sum, page) => sum + page.bytes, 0);

  let best = Infinity;
  let failures = 0;
  let jsonBytes = 0;
  const errors = new Map();
  for (let round = 0; round < Math.max(rounds, 1); round++) {
    failures = 0;
    jsonBytes = 0;
    const started = process.hrtime.bigint();
    for (const page of pages) {
      try {
        jsonBytes += JSON.stringify(mf2(page.html, { baseUrl: page.baseUrl })).length;
      } catch (error) {
        failures++;
        if (!errors.has(error.name)) errors.set(error.name, page.baseUrl);
      }
    }
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e9);
  }
  const mbps = total / 1e6 / best;
  console.log(
    `microformats-parser ${version} (node ${process.versions.node}): ${pages.length} pages, ${total} bytes, ` +
      `fastest of ${rounds} rounds ${best.toFixed(3)} s, ${mbps.toFixed(2)} MB/s, ${failures} failures, ` +
      `${jsonBytes} characters of JSON`,
  );
  for (const [name, url] of errors) console.log(`  failure ${name}, first on ${url}`);
  console.log(`RESULT pages=${pages.length} bytes=${total} seconds=${best.toFixed(6)} mbps=${mbps.toFixed(4)} failures=${failures}`);
}

main();
