// Issue 19: strict, bounded input validation and encoding-proof output. Each
// malformed input is a one-line error naming the file, the place and the
// reason, exit 2; a file name that is not UTF-8 survives every format.
#include "RunTool.h"
#include "TestFiles.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cctype>
#include <chrono>
#include <fstream>

using namespace alint_test;

static const std::string kSamples = ALINT_SAMPLES_DIR;
static const std::string kBad = kSamples + "/capacity-overflow/three_64k_queues_bad.cpp";

static unsigned lines(const std::string &s) { return unsigned(std::count(s.begin(), s.end(), '\n')); }

TEST_CASE("numbers are range-checked: no wrap, no negative, the value named", "[cli]") {
  struct Case {
    std::string arg, expect;
  };
  for (const Case &c : std::vector<Case>{
           {"--timeout=-1", "--timeout: expected seconds from 0 (no limit) to 86400, got '-1'"},
           {"--timeout=18446744073709551617", "got '18446744073709551617'"},
           {"--smt-timeout=4294967296", "--smt-timeout: expected milliseconds from 1 to 3600000, got '4294967296'"},
           {"--smt-timeout=0", "got '0'"},
           {"--smt-timeout=10ms", "got '10ms'"},
           {"-j 100000", "-j: expected a number of jobs from 0 (one per core) to 1024, got '100000'"},
           {"--max-memory=100M", "--max-memory: expected a size of at least 256M"},
           {"--max-memory=99999999999T", "--max-memory: expected a size"},
       }) {
    ToolRun r = runTool(c.arg + " " + kBad);
    INFO(c.arg << ": " << r.err);
    CHECK(r.exitCode == 2);
    CHECK(r.err.find(c.expect) != std::string::npos);
    CHECK(lines(r.err) == 1);
  }
  CHECK(runTool("--timeout=0 --max-memory=4G --quiet " + kBad).exitCode == 1); // 0: no limit
}

TEST_CASE("--checks with an unknown name or a glob matching nothing is exit 2", "[cli]") {
  ToolRun typo = runTool("--checks='*,-sync-rcae' " + kBad);
  CHECK(typo.exitCode == 2);
  CHECK(typo.err.find("--checks: unknown check 'sync-rcae' (see --list-checks)") != std::string::npos);
  ToolRun glob = runTool("--checks='-*,capacity-overflow,nddma-x*' " + kBad);
  CHECK(glob.exitCode == 2);
  CHECK(glob.err.find("check glob 'nddma-x*' matches no check") != std::string::npos);
  ToolRun garbage = runTool("--checks='?\?!!' " + kBad);
  CHECK(garbage.exitCode == 2);
  CHECK(runTool("--checks='-*,capacity-*' --quiet " + kBad).exitCode == 1);
}

TEST_CASE("configuration: duplicate keys, NUL bytes and YAML errors are located errors", "[cli]") {
  std::string dir = freshDir("config19");
  std::string k = dir + "/k.cpp";
  spit(k, slurp(kBad));
  struct Case {
    std::string text, expect;
  };
  for (const Case &c : std::vector<Case>{
           {"Checks: '*'\nTargets: [ascend910b]\nChecks: '-*'\n",
            "/.ascendc-lint.yaml:3:1: error: duplicate key 'Checks' (first at line 1)"},
           {std::string("\0Checks: '-*'\n", 14),
            "/.ascendc-lint.yaml:1:1: error: the configuration contains a NUL byte"},
           {std::string("Checks: '*'\nAuto\0Sync: true\n", 28),
            "/.ascendc-lint.yaml:2:5: error: the configuration contains a NUL byte"},
           {"Checks: [unclosed\n", "/.ascendc-lint.yaml:"},
           {"{", "/.ascendc-lint.yaml:"},
       }) {
    spit(dir + "/.ascendc-lint.yaml", c.text);
    ToolRun r = runTool(k);
    INFO(r.err);
    CHECK(r.exitCode == 2);
    size_t at = r.err.find(c.expect);
    REQUIRE(at != std::string::npos);
    // always a line and column
    size_t after = r.err.find(".ascendc-lint.yaml:", at) + 19;
    CHECK(std::isdigit(static_cast<unsigned char>(r.err[after])));
  }
  // a YAML syntax error names its line and column
  spit(dir + "/.ascendc-lint.yaml", "Checks: '*'\nTargets: [ascend910b\n");
  ToolRun r = runTool(k);
  CHECK(r.exitCode == 2);
  CHECK(r.err.find(".ascendc-lint.yaml:") != std::string::npos);
  CHECK(r.err.find(".yaml: ") == std::string::npos); // never without a place
}

TEST_CASE("MaxMemory: a validated configuration key", "[cli]") {
  std::string dir = freshDir("maxmem19");
  std::string k = dir + "/k.cpp";
  spit(k, slurp(kBad));
  spit(dir + "/.ascendc-lint.yaml", "Checks: '*'\nMaxMemory: 100M\n");
  ToolRun small = runTool(k);
  INFO(small.err);
  CHECK(small.exitCode == 2);
  CHECK(small.err.find(".ascendc-lint.yaml:2:12: error: 'MaxMemory' must be a size of at least 256M such as 4G or 512M, "
                       "not '100M'") != std::string::npos);
  spit(dir + "/.ascendc-lint.yaml", "MaxMemory: 2G\n");
  ToolRun ok = runTool("--quiet --dump-config " + k);
  CHECK(ok.exitCode == 0);
  CHECK(ok.out.find("MaxMemory: 2G") != std::string::npos); // dumped in the largest exact unit
}

TEST_CASE("baselines: malformed ones are located errors before the analysis", "[cli]") {
  std::string dir = freshDir("baseline19");
  struct Case {
    std::string text, expect;
  };
  for (const Case &c : std::vector<Case>{
           {"{\n  \"findings\": [\n    {\"file\": \"a.cpp\",}\n  ]\n}\n", "b.json:3:22: invalid JSON: syntax error"},
           {"{\"findings\": " + std::string(50, '[') + std::string(50, ']') + "}",
            "b.json:1:21: nested deeper than 8 levels: not a baseline"},
           {"{\"findings\": [{\"file\": \"a.cpp\", \"fingerprint\": \"x\"}, {\"file\": 3}]}",
            "b.json: findings[1]: a finding without \"file\" and \"fingerprint\" strings"},
           {"[]", "b.json: not a baseline"},
       }) {
    spit(dir + "/b.json", c.text);
    auto t0 = std::chrono::steady_clock::now();
    ToolRun r = runTool("--baseline=" + dir + "/b.json " + kBad);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    INFO(c.text << "\n" << r.err);
    CHECK(r.exitCode == 2);
    CHECK(r.err.find(c.expect) != std::string::npos);
    CHECK(lines(r.err) == 1);
    CHECK(secs < 10); // refused up front, not after linting
  }
}

TEST_CASE("target files: bounded nesting, no wrapped sizes", "[cli]") {
  std::string dir = freshDir("target19");
  // 80 KB of brackets cost 3 GB and minutes before: now a quick one-line error
  std::string deep(40000, '[');
  deep += std::string(40000, ']');
  spit(dir + "/deep.json", deep);
  auto t0 = std::chrono::steady_clock::now();
  ToolRun r = runTool("--target-file=" + dir + "/deep.json " + kBad);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(r.exitCode == 2);
  CHECK(r.err.find("deep.json: 1:33: nested deeper than 32 levels") != std::string::npos);
  CHECK(s < 5);
  // a capacity of 2^64 - 1 was accepted and printed as "-1 bytes of UB"
  std::string t = slurp(std::string(ALINT_SOURCE_DIR) + "/checker/model/targets/ascend910b.json");
  size_t at = t.find("\"capacity_bytes\"");
  REQUIRE(at != std::string::npos);
  size_t v = t.find_first_of("0123456789", at), e = t.find_first_not_of("0123456789", v);
  t = t.substr(0, v) + "18446744073709551615" + t.substr(e);
  size_t name = t.find("\"ascend910b\"");
  t = t.substr(0, name) + "\"huge\"" + t.substr(name + 12);
  spit(dir + "/huge.json", t);
  ToolRun h = runTool("--target-file=" + dir + "/huge.json " + kBad);
  INFO(h.err);
  CHECK(h.exitCode == 2);
  CHECK(h.err.find("capacity_bytes: value 18446744073709551615 is out of range (at most 2^48)") != std::string::npos);
}

TEST_CASE("a loop of symbolic links is named as such", "[cli]") {
  std::string dir = freshDir("loop19");
  int st = 0;
  shell("ln -s " + dir + "/b.cpp " + dir + "/a.cpp && ln -s " + dir + "/a.cpp " + dir + "/b.cpp", st);
  ToolRun r = runTool(dir + "/a.cpp " + kBad);
  CHECK(r.exitCode == 3);
  CHECK(r.err.find("a.cpp:1:1: error: a loop of symbolic links") != std::string::npos);
  CHECK(r.out.find("[capacity-overflow]") != std::string::npos); // the other file
}

TEST_CASE("a file name that is not UTF-8 survives every format and the baseline", "[cli]") {
  std::string dir = freshDir("utf19");
  std::string name = dir + "/k\xff\xfe.cpp";
  spit(name, slurp(kBad));
  for (std::string format : {"json", "sarif", "lsp"}) {
    ToolRun r = runTool("--format=" + format + " " + shellQuote(name));
    INFO(format << ": " << r.err);
    CHECK(r.exitCode == 1); // not 134 (abort)
    if (format == "lsp") {
      CHECK(r.out.find("k%FF%FE.cpp") != std::string::npos);
      continue;
    }
    auto j = nlohmann::json::parse(r.out, nullptr, false);
    CHECK(!j.is_discarded());
    if (format == "sarif")
      CHECK(r.out.find("k%FF%FE.cpp") != std::string::npos); // URIs keep every byte
    else
      CHECK(r.out.find("k\xef\xbf\xbd\xef\xbf\xbd.cpp") != std::string::npos); // U+FFFD
  }
  // text keeps the bytes
  CHECK(runTool(shellQuote(name)).out.find("k\xff\xfe.cpp:") != std::string::npos);
  // a baseline written for it hides its findings again
  std::string base = dir + "/baseline.json";
  ToolRun w = runTool("--write-baseline=" + base + " " + shellQuote(name));
  CHECK(w.exitCode == 1);
  CHECK(!nlohmann::json::parse(slurp(base), nullptr, false).is_discarded());
  ToolRun b = runTool("--baseline=" + base + " " + shellQuote(name));
  INFO(b.err);
  CHECK(b.exitCode == 0);
  CHECK(b.out.find("[capacity-overflow]") == std::string::npos);
}

TEST_CASE("a cache entry that does not verify is analysed again", "[cli]") {
  std::string dir = freshDir("cache19");
  std::string k = dir + "/k.cpp";
  spit(k, slurp(kBad));
  std::string cached = "--stats --cache-dir=" + dir + "/cache " + k;
  ToolRun first = runTool(cached);
  CHECK(first.err.find("result cache: 0 hits, 1 misses") != std::string::npos);
  CHECK(runTool(cached).err.find("result cache: 1 hits, 0 misses") != std::string::npos);
  // edit the stored result (a message) keeping the entry well-formed
  int st = 0;
  std::string entry = shell("ls " + dir + "/cache/*.json", st);
  entry = entry.substr(0, entry.find('\n'));
  std::string text = slurp(entry);
  size_t at = text.find("UB buffers need");
  REQUIRE(at != std::string::npos);
  text[at] = 'X';
  spit(entry, text);
  ToolRun edited = runTool(cached);
  CHECK(edited.err.find("result cache: 0 hits, 1 misses") != std::string::npos);
  CHECK(edited.out == first.out);
  // and a truncated one
  text = slurp(entry);
  spit(entry, text.substr(0, text.size() / 2));
  CHECK(runTool(cached).err.find("result cache: 0 hits, 1 misses") != std::string::npos);
}
