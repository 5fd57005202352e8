// SARIF as code scanning reads it: Microsoft's validator (Sarif.Multitool
// `validate`, npm @microsoft/sarif-multitool-linux, installed by
// scripts/setup.sh) with the SARIF and GitHub rule sets must report no error
// and no warning; URIs, columns, fixes, notifications and counterexamples are
// checked field by field.
#include "TestFiles.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace alint_test;

static const std::string kSamples = ALINT_SAMPLES_DIR;

static std::string validatorPath() {
  if (const char *e = std::getenv("ALINT_SARIF_MULTITOOL"))
    return e;
  return std::string(ALINT_SOURCE_DIR) + "/.tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool";
}

// One run over: a finding with notes, a fix-it, a counterexample, a file in
// a folder outside the working folder whose name needs percent-encoding (with
// a non-ASCII character before the column: UTF-16 columns), a missing file.
static nlohmann::json sarifRun(const std::string &dir, int &status) {
  std::string odd = dir + "/odd dir+(é)";
  std::system(("mkdir -p " + shellQuote(odd) + " " + dir + "/work").c_str());
  std::string fix = odd + "/fix.cpp";
  spit(fix, slurp(kSamples + "/sync-unpaired/set_never_waited_bad.cpp"));
  std::string out =
      shell("cd " + dir + "/work && " + std::string(ALINT_BINARY) + " --format=sarif --target=ascend910b " + kSamples +
                "/capacity-overflow/ub_216k_bad.cpp " + kSamples + "/align-copy-length/add_tiling_bad.cpp " +
                shellQuote(fix) + " " + dir + "/work/missing.cpp 2>/dev/null",
            status);
  spit(dir + "/out.sarif", out);
  return nlohmann::json::parse(out);
}

TEST_CASE("SARIF: absolute help URIs, encoded file URIs, fixes, notifications, counterexamples", "[cli]") {
  std::string dir = freshDir("sarif");
  int status = 0;
  nlohmann::json j = sarifRun(dir, status);
  CHECK(status == 3); // the missing file
  auto &run = j["runs"][0];
  auto &driver = run["tool"]["driver"];
  CHECK(driver["semanticVersion"].is_string());
  CHECK(run["columnKind"] == "utf16CodeUnits");
  for (auto &rule : driver["rules"]) {
    INFO(rule["id"]);
    CHECK(rule["helpUri"].get<std::string>().rfind("https://", 0) == 0);
    CHECK(!rule["fullDescription"]["text"].get<std::string>().empty());
    CHECK(!rule["help"]["markdown"].get<std::string>().empty());
  }
  // the run could not analyse one file: a notification, not silence
  auto &inv = run["invocations"][0];
  CHECK(inv["executionSuccessful"] == false);
  REQUIRE(inv["toolExecutionNotifications"].size() == 1);
  auto &n = inv["toolExecutionNotifications"][0];
  CHECK(n["level"] == "error");
  CHECK(n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "missing.cpp");
  CHECK(n["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%");
  std::string root = run["originalUriBaseIds"]["%SRCROOT%"]["uri"];
  CHECK(root.rfind("file:///", 0) == 0);
  CHECK(root.back() == '/');
  bool sawFix = false, sawCex = false;
  for (auto &r : run["results"]) {
    std::string uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
    if (r["ruleId"] == "sync-unpaired") {
      // outside the working folder: an absolute, percent-encoded file URI
      CHECK(uri.find("file:///") == 0);
      CHECK(uri.find("/odd%20dir%2B%28%C3%A9%29/fix.cpp") != std::string::npos);
      CHECK(!r["locations"][0]["physicalLocation"]["artifactLocation"].contains("uriBaseId"));
      REQUIRE(r.contains("fixes"));
      auto &rep = r["fixes"][0]["artifactChanges"][0]["replacements"][0];
      CHECK(rep["insertedContent"]["text"].get<std::string>().find("WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID1);") !=
            std::string::npos);
      CHECK(rep["deletedRegion"]["startLine"].is_number());
      sawFix = true;
    }
    if (r["ruleId"] == "align-copy-length" && r["level"] == "warning") {
      CHECK(r["properties"]["counterexample"].contains("tiling.tileLength"));
      CHECK(r["message"]["text"].get<std::string>().find("tiling.tileLength=") != std::string::npos);
      sawCex = true;
    }
    CHECK(r["message"]["text"].get<std::string>().back() == '.');
  }
  CHECK(sawFix);
  CHECK(sawCex);
  std::system(("rm -rf " + shellQuote(dir)).c_str());
}

TEST_CASE("Microsoft's SARIF validator finds no error and no warning (SARIF and GitHub rules)", "[cli]") {
  std::string v = validatorPath();
  if (::access(v.c_str(), X_OK) != 0) {
    WARN("skipped: the SARIF validator is not installed at " + v +
         " (scripts/setup.sh installs it with npm; set ALINT_SARIF_MULTITOOL to use another)");
    return;
  }
  std::string dir = freshDir("sarifval");
  int status = 0;
  sarifRun(dir, status);
  // Invariant globalisation: the .NET validator then needs no ICU library.
  std::string log =
      shell("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 " + shellQuote(v) +
                " validate --rule-kind \"Sarif;Gh\" --output " + dir + "/report.sarif " + dir + "/out.sarif 2>&1",
            status);
  INFO(log);
  nlohmann::json report = nlohmann::json::parse(slurp(dir + "/report.sarif"), nullptr, false);
  REQUIRE(!report.is_discarded());
  unsigned problems = 0;
  for (auto &r : report["runs"][0]["results"]) {
    std::string level = r.value("level", "warning");
    if (level == "error" || level == "warning") {
      ++problems;
      UNSCOPED_INFO(r["ruleId"].get<std::string>() + ": " + r["message"].dump());
    }
  }
  CHECK(problems == 0);
  std::system(("rm -rf " + shellQuote(dir)).c_str());
}

TEST_CASE("JSON output is valid against docs/ascendc-lint.schema.json under Ajv's strict mode", "[cli]") {
  std::string modules = std::string(ALINT_SOURCE_DIR) + "/.tools/node_modules";
  if (!haveProgram("node") || ::access((modules + "/ajv").c_str(), F_OK) != 0) {
    WARN("skipped: node or Ajv is not installed (scripts/setup.sh installs Ajv with npm into .tools)");
    return;
  }
  std::string dir = freshDir("schema");
  int status = 0;
  // findings with notes, a counterexample, a fix-it, two targets (porting), a failure
  shell(std::string(ALINT_BINARY) + " --format=json --target=ascend910b --target=ascend950 " + kSamples +
            "/capacity-overflow/ub_216k_bad.cpp " + kSamples + "/align-copy-length/add_tiling_bad.cpp " + kSamples +
            "/sync-unpaired/set_never_waited_bad.cpp " + dir + "/missing.cpp > " + dir + "/a.json 2>/dev/null",
        status);
  CHECK(status == 3);
  shell(std::string(ALINT_BINARY) + " --format=json " + kSamples + "/capacity-overflow/ub_184k_good.cpp > " + dir +
            "/b.json 2>/dev/null",
        status);
  CHECK(status == 0);
  std::string log = shell("ALINT_NODE_MODULES=" + shellQuote(modules) + " node " + std::string(ALINT_TESTDATA_DIR) +
                              "/schema/validate.js " + ALINT_SOURCE_DIR + "/docs/ascendc-lint.schema.json " + dir +
                              "/a.json " + dir + "/b.json 2>&1",
                          status);
  INFO(log);
  CHECK(status == 0);
  std::system(("rm -rf " + shellQuote(dir)).c_str());
}
