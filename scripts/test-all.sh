#!/usr/bin/env bash
# npm test: the suite in every lane, then one line with the totals over all lanes.
#   node20: Node 20 (the machine's) with ai@6, the suites through the root entry
#   node22: Node 22 as an ai@7 app has it (ai@7 needs Node 22): `ai` aliased to ai@7, the package's
#           @ai-sdk/provider and provider-utils to ai@7's own, the suites through unigate-ai-provider/v4
#   edge:   the edge-runtime VM, for the files that drive the provider through a fetch
#   floor:  the provider's tests on the lowest @ai-sdk/provider-utils its range allows (Node 20, ai@6)
#   runtimes: the built package in workerd, Deno, Bun and headless Chromium (test-runtimes/), through
#           the root entry with ai@6 and through /v4 with ai@7
#   readme: every TypeScript block of README.md type-checked against the packed package and run
#           against the emulator, on ai@6 + Node 20 and ai@7 + Node 22 (scripts/readme-lane.mjs)
#   install: the committed HEAD packed and installed into an ai@6 app and an ai@7 app (one copy of each
#           @ai-sdk peer, the app's entry loaded), and by git+file URL (scripts/install-lane.mjs)
set -u
cd "$(dirname "$0")/.."
out=.test-results
rm -rf "$out" && mkdir -p "$out"
status=0
lane() {
  local name=$1; shift
  echo "== lane $name"
  "$@" --reporter=default --reporter=json --outputFile.json="$out/$name.json" || status=1
}
lane node20 npx vitest run
lane node22 npx -y -p node@22.23.3 -- node node_modules/vitest/vitest.mjs run --config vitest.ai7.config.ts
lane edge npx vitest run --config vitest.edge.config.ts
lane floor npx vitest run --config vitest.floor.config.ts
echo "== lane runtimes"
npm run --silent test:runtimes || status=1
# The install lane is mostly npm unpacking the repository's devDependencies for the clone it builds:
# it runs beside the README lane, and its output is shown once it is done.
npm run --silent test:install > "$out/install.log" 2>&1 &
install_pid=$!
echo "== lane readme"
npm run --silent test:readme || status=1
echo "== lane install"
wait "$install_pid" || status=1
cat "$out/install.log"
node scripts/count-tests.mjs "$out" node20 node22 edge floor runtimes readme install | tee "$out/summary.txt"
exit $status
