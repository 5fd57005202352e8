// Runs ascendc-lint over every sample kernel and compares its findings with
// the expectations written inline in the sample (clang-tidy's CHECK-MESSAGES
// habit):
//
//   // lint: --target=ascend910b --target=ascend950     (options; first lines)
//   ...code...  // expect: capacity-overflow             (error or warning, all targets)
//   ...code...  // expect-error[ascend910b]: bounds-local
//   ...code...  // expect-warning: align-copy-length
//
// Every expected finding must appear on that line for each target named (all
// linted targets when none is named), and no other error or warning may
// appear. Notes (unknown obligations) are not compared.
#include "RunTool.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <sys/stat.h>

using namespace alint_test;

namespace {

void listSamples(const std::string &dir, std::vector<std::string> &out) {
  DIR *d = opendir(dir.c_str());
  if (!d)
    return;
  while (dirent *e = readdir(d)) {
    std::string n = e->d_name;
    if (n == "." || n == "..")
      continue;
    std::string p = dir + "/" + n;
    struct stat st;
    if (stat(p.c_str(), &st) != 0)
      continue;
    if (S_ISDIR(st.st_mode)) {
      if (n != "op_host") // an operator project's host code is not a kernel
        listSamples(p, out);
    } else if (n.size() > 4 && (n.substr(n.size() - 4) == ".cpp" || n.substr(n.size() - 4) == ".asc" ||
                                n.substr(n.size() - 4) == ".cce"))
      out.push_back(p);
  }
  closedir(d);
}

struct Expectation {
  unsigned line;
  std::string check;
  std::string severity;          // "" = error or warning
  std::set<std::string> targets; // empty = all
};

// ALINT_SAMPLES_SHARD=K/N keeps every N-th sample from the K-th (1-based): ctest
// runs the shards side by side, since each sample is a separate tool run.
void keepShard(std::vector<std::string> &samples) {
  const char *spec = std::getenv("ALINT_SAMPLES_SHARD");
  unsigned k = 0, n = 0;
  if (!spec || std::sscanf(spec, "%u/%u", &k, &n) != 2 || n == 0 || k == 0 || k > n)
    return;
  std::vector<std::string> kept;
  for (size_t i = 0; i < samples.size(); ++i)
    if (i % n == k - 1)
      kept.push_back(samples[i]);
  samples.swap(kept);
}

} // namespace

TEST_CASE("sample kernels draw exactly the findings written in them", "[samples]") {
  std::vector<std::string> samples;
  listSamples(ALINT_SAMPLES_DIR, samples);
  std::sort(samples.begin(), samples.end());
  keepShard(samples);
  REQUIRE(samples.size() >= 3);
  std::regex lintRe(R"(//\s*lint:\s*(.*)$)");
  std::regex expRe(R"(expect(-error|-warning|-note)?(\[([^\]]*)\])?:\s*([a-z0-9*-]+(\s*,\s*[a-z0-9*-]+)*))");
  std::regex targetRe(R"(--target=([A-Za-z0-9_]+))");
  unsigned totalExpected = 0;
  for (const std::string &file : samples) {
    DYNAMIC_SECTION(file) {
      std::ifstream in(file);
      std::string line, args;
      std::vector<Expectation> exps;
      unsigned ln = 0;
      while (std::getline(in, line)) {
        ++ln;
        std::smatch m;
        if (ln <= 5 && std::regex_search(line, m, lintRe))
          args = m[1];
        auto begin = std::sregex_iterator(line.begin(), line.end(), expRe);
        for (auto it = begin; it != std::sregex_iterator(); ++it) {
          const std::smatch &em = *it;
          std::set<std::string> ts;
          std::stringstream tss(em[3].str());
          std::string t;
          while (std::getline(tss, t, ','))
            if (!t.empty())
              ts.insert(t);
          std::stringstream css(em[4].str());
          std::string c;
          while (std::getline(css, c, ',')) {
            c.erase(0, c.find_first_not_of(' '));
            exps.push_back({ln, c, em[1].matched ? em[1].str().substr(1) : "", ts});
          }
        }
      }
      if (args.find("--target") == std::string::npos)
        args += " --target=ascend910b --target=ascend950";
      std::set<std::string> linted;
      for (auto it = std::sregex_iterator(args.begin(), args.end(), targetRe); it != std::sregex_iterator(); ++it)
        linted.insert((*it)[1]);
      ToolRun r = runTool("--format=json --quiet " + args + " " + shellQuote(file));
      INFO("stderr: " << r.err);
      REQUIRE((r.exitCode == 0 || r.exitCode == 1));
      auto doc = nlohmann::json::parse(r.out, nullptr, false);
      REQUIRE(!doc.is_discarded());
      // (line, check, target) -> severity
      std::multimap<std::tuple<unsigned, std::string, std::string>, std::string> got;
      for (auto &d : doc["diagnostics"]) {
        std::string sev = d["severity"];
        if (sev == "note")
          continue;
        std::string target = d["target"];
        if (target.empty()) { // a file-level finding (e.g. an unmatched NOLINTBEGIN) holds for every target
          for (const std::string &t : linted)
            got.insert({{d["line"].get<unsigned>(), d["check"].get<std::string>(), t}, sev});
          continue;
        }
        got.insert({{d["line"].get<unsigned>(), d["check"].get<std::string>(), target}, sev});
      }
      std::vector<std::string> problems;
      for (const Expectation &e : exps) {
        if (e.severity == "note")
          continue;
        std::set<std::string> ts = e.targets.empty() ? linted : e.targets;
        for (const std::string &t : ts) {
          ++totalExpected;
          auto key = std::make_tuple(e.line, e.check, t);
          auto it = got.find(key);
          if (it == got.end()) {
            problems.push_back("missing " + e.check + " at line " + std::to_string(e.line) + " on " + t);
            continue;
          }
          if (!e.severity.empty() && it->second != e.severity)
            problems.push_back("line " + std::to_string(e.line) + " " + e.check + " on " + t + ": expected " +
                               e.severity + ", got " + it->second);
          got.erase(it);
        }
      }
      for (auto &[k, sev] : got)
        problems.push_back("unexpected " + sev + " " + std::get<1>(k) + " at line " + std::to_string(std::get<0>(k)) +
                           " on " + std::get<2>(k));
      std::string all;
      for (auto &p : problems)
        all += p + "\n";
      INFO(all);
      CHECK(problems.empty());
    }
  }
  (void)totalExpected;
}

TEST_CASE("every bad sample carries expectations and every good twin none", "[samples]") {
  std::vector<std::string> samples;
  listSamples(ALINT_SAMPLES_DIR, samples);
  for (const std::string &file : samples) {
    std::ifstream in(file);
    std::stringstream ss;
    ss << in.rdbuf();
    bool hasExpect = std::regex_search(ss.str(), std::regex(R"(//.*expect(-error|-warning)?(\[[^\]]*\])?:)"));
    bool bad = file.find("_bad.") != std::string::npos;
    bool good = file.find("_good.") != std::string::npos;
    INFO(file);
    if (bad)
      CHECK(hasExpect);
    if (good)
      CHECK_FALSE(hasExpect);
  }
}
