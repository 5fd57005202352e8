// clang-tidy habits (issue 18): spellings, --config, --extra-arg[-before],
// --line-filter, --verify-config, colour, source line and caret, "no checks
// enabled", the suppressed-count summary, failures as located diagnostics,
// --dump-config round trip; and the bisheng flags of compile commands.
#include "TestFiles.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace alint_test;

static const std::string kSamples = ALINT_SAMPLES_DIR;
static const std::string kUb = kSamples + "/capacity-overflow/ub_216k_bad.cpp"; // error at 16:5

TEST_CASE("single-dash long options are read as clang-tidy reads them", "[cli]") {
  ToolRun one = runTool("-checks=-*,capacity-* -header-filter=.* -target=ascend910b " + kUb);
  ToolRun two = runTool("--checks=-*,capacity-* --header-filter=.* --target=ascend910b " + kUb);
  CHECK(one.exitCode == 1);
  CHECK(one.out == two.out);
  CHECK(one.out.find("[capacity-overflow]") != std::string::npos);
  // short options and what follows -- are untouched; an unknown one is still an error
  CHECK(runTool("-no-such-option " + kUb).exitCode == 2);
}

TEST_CASE("diagnostics carry the source line and a caret; verdicts go to stderr", "[cli]") {
  ToolRun r = runTool("--target=ascend910b " + kUb);
  CHECK(r.exitCode == 1);
  CHECK(r.out.find("ub_216k_bad.cpp:16:5: error: ") != std::string::npos);
  size_t at = r.out.find("   16 | ");
  REQUIRE(at != std::string::npos);
  CHECK(r.out.find("\n      |     ^\n", at) != std::string::npos);
  CHECK(r.out.find("obligations") == std::string::npos); // no verdict among the diagnostics
  CHECK(r.err.find("obligations") != std::string::npos);
  CHECK(r.out.find("\033[") == std::string::npos); // not a terminal: no colour
  ToolRun c = runTool("--use-color --target=ascend910b " + kUb);
  CHECK(c.out.find("\033[0;1;31merror: \033[0m") != std::string::npos);
  CHECK(c.out.find("\033[0;1;32m^\033[0m") != std::string::npos);
  CHECK(runTool("-use-color=false --target=ascend910b " + kUb).out.find("\033[") == std::string::npos);
  CHECK(runTool("--use-color --no-color --target=ascend910b " + kUb).out.find("\033[") == std::string::npos);
  CHECK(runTool("--use-color=maybe " + kUb).exitCode == 2);
}

TEST_CASE("selecting no check is an error unless --allow-no-checks", "[cli]") {
  ToolRun r = runTool("--checks=-* " + kUb);
  CHECK(r.exitCode == 2);
  CHECK(r.err.find("no checks enabled") != std::string::npos);
  ToolRun c = runTool("--config='{Checks: \"-*\"}' " + kUb);
  CHECK(c.exitCode == 2);
  CHECK(runTool("--checks=-* --allow-no-checks " + kUb).exitCode == 0);
}

TEST_CASE("--config gives the configuration inline; --dump-config round-trips", "[cli]") {
  ToolRun r = runTool("--config='{Checks: \"-*,sync-*\"}' --target=ascend910b " + kUb);
  CHECK(r.exitCode == 0);
  CHECK(r.out.find("capacity-overflow") == std::string::npos);
  CHECK(runTool("--config='{Checkz: 1}' " + kUb).exitCode == 2);
  std::string dir = freshDir("dumpcfg");
  ToolRun d = runTool("--dump-config " + dir + "/x.cpp");
  REQUIRE(d.exitCode == 0);
  CHECK(d.out.find("HeaderFilterRegex: \".*\"") != std::string::npos); // unset shows all headers
  spit(dir + "/dumped.yaml", d.out);
  ToolRun again = runTool("--config-file=" + dir + "/dumped.yaml --dump-config " + dir + "/x.cpp");
  CHECK(again.out == d.out);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("--verify-config names unknown checks and globs that match none", "[cli]") {
  ToolRun ok = runTool("--verify-config --checks=-*,capacity-*,sync-race");
  CHECK(ok.exitCode == 0);
  CHECK(ok.out.find("No config errors detected.") != std::string::npos);
  ToolRun bad = runTool("-verify-config -checks=-*,capacity-overflw,nddma-x*");
  CHECK(bad.exitCode == 1);
  CHECK(bad.err.find("unknown check 'capacity-overflw'") != std::string::npos);
  CHECK(bad.err.find("check glob 'nddma-x*' doesn't match any known check") != std::string::npos);
}

TEST_CASE("--line-filter and NOLINT hide findings; the summary on stderr counts them", "[cli]") {
  ToolRun out =
      runTool("--target=ascend910b --line-filter='[{\"name\":\"ub_216k_bad.cpp\",\"lines\":[[1,10]]}]' " + kUb);
  CHECK(out.exitCode == 0);
  CHECK(out.out.find("capacity-overflow") == std::string::npos);
  CHECK(out.err.find("Suppressed 1 finding (1 due to line filter).") != std::string::npos);
  ToolRun in =
      runTool("--target=ascend910b --line-filter='[{\"name\":\"ub_216k_bad.cpp\",\"lines\":[[16,16]]}]' " + kUb);
  CHECK(in.exitCode == 1);
  CHECK(in.err.find("Suppressed") == std::string::npos);
  CHECK(runTool("--line-filter='{oops' " + kUb).exitCode == 2);
  std::string dir = freshDir("nolint");
  std::string text = slurp(kUb);
  std::string k = dir + "/k.cpp";
  std::istringstream lines(text);
  std::string line, edited;
  for (int n = 1; std::getline(lines, line); ++n)
    edited += line + (n == 16 ? " // NOLINT(capacity-overflow)" : "") + "\n";
  spit(k, edited);
  ToolRun nl = runTool("--target=ascend910b " + k);
  CHECK(nl.exitCode == 0);
  CHECK(nl.err.find("Suppressed 1 finding (1 NOLINT).") != std::string::npos);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("a file that could not be analysed is a file:line:col: error: diagnostic", "[cli]") {
  ToolRun r = runTool("/nonexistent/kernel.cpp");
  CHECK(r.exitCode == 3);
  CHECK(r.err.find("/nonexistent/kernel.cpp:1:1: error: no such file") != std::string::npos);
  std::string dir = freshDir("broken");
  spit(dir + "/b.cpp", "#include \"kernel_operator.h\"\nextern \"C\" __global__ __aicore__ void k( {\n");
  ToolRun b = runTool(dir + "/b.cpp");
  CHECK(b.exitCode == 3);
  CHECK(b.err.find(dir + "/b.cpp:2:") != std::string::npos);
  CHECK(b.err.find(": error: ") != std::string::npos);
  CHECK(b.err.find("error: " + dir) == std::string::npos); // not "error: file:..."
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("--extra-arg and --extra-arg-before reach the compiler", "[cli]") {
  std::string dir = freshDir("extraarg");
  std::string k = dir + "/k.cpp";
  // 80 + 80 + WORK_KB KiB of UB: 64 overflows the 910B's 191.75 KiB, 24 fits
  std::string text = slurp(kSamples + "/capacity-overflow/ub_184k_good.cpp");
  size_t at = text.find("pipe.InitBuffer(workBuf, 24 * 1024);");
  REQUIRE(at != std::string::npos);
  text.replace(at, std::string("pipe.InitBuffer(workBuf, 24 * 1024);").size(),
               "pipe.InitBuffer(workBuf, WORK_KB * 1024);");
  spit(k, "#ifndef WORK_KB\n#define WORK_KB 64\n#endif\n" + text);
  CHECK(runTool("--target=ascend910b " + k).exitCode == 1);
  CHECK(runTool("--target=ascend910b --extra-arg=-DWORK_KB=24 " + k).exitCode == 0);
  CHECK(runTool("--target=ascend910b -extra-arg-before=-DWORK_KB=24 " + k).exitCode == 0);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("bisheng flags: unknown --cce-aicore-arch is an error, --cce-auto-sync decides auto-sync", "[cli]") {
  ToolRun u = runTool(kUb + " -- --cce-aicore-arch=dav-c999-vec");
  CHECK(u.exitCode == 2);
  CHECK(u.err.find("unknown --cce-aicore-arch 'dav-c999-vec'") != std::string::npos);
  CHECK(u.err.find("dav-c220") != std::string::npos);
  std::string k = kSamples + "/sync-race/scalar_read_bad.cpp"; // a race only without auto-sync
  ToolRun off = runTool("--target=ascend910b " + k + " -- --cce-auto-sync=off");
  CHECK(off.exitCode == 1);
  CHECK(off.out.find("[sync-race]") != std::string::npos);
  CHECK(runTool("--target=ascend910b " + k + " -- --cce-auto-sync").exitCode == 0);
  CHECK(runTool("--target=ascend910b " + k).exitCode == 0); // absent: on, as the project templates set it
  CHECK(runTool("--target=ascend910b --auto-sync=on " + k + " -- --cce-auto-sync=off").exitCode == 0);
}

TEST_CASE("-I dir and -include f pairs in compile_commands.json are relative to its directory", "[cli]") {
  std::string dir = freshDir("ipairs");
  std::system(("mkdir -p " + dir + "/src/inc " + dir + "/build").c_str());
  spit(dir + "/src/inc/tile.h", "#define TILE_FROM_INC 1\n");
  spit(dir + "/src/force.h", "#define TILE_FORCED 1\n");
  std::string k = dir + "/src/k.cpp";
  spit(k,
       "#include \"tile.h\"\n#if !defined(TILE_FROM_INC) || !defined(TILE_FORCED)\n#error flags not applied\n#endif\n" +
           slurp(kSamples + "/capacity-overflow/ub_184k_good.cpp"));
  spit(dir + "/build/compile_commands.json",
       "[{\"directory\": \"" + dir +
           "/src\", \"file\": \"k.cpp\", \"arguments\": [\"bisheng\", \"-I\", \"inc\", "
           "\"-include\", \"force.h\", \"-c\", \"k.cpp\", \"--cce-aicore-arch=dav-c220-vec\"]}]");
  int status = 0;
  std::string out = shell("cd / && " + std::string(ALINT_BINARY) + " -p " + dir + "/build 2>&1", status);
  INFO(out);
  CHECK(status == 0);
  std::system(("rm -rf " + dir).c_str());
}

TEST_CASE("docs/index.md links the page of every check", "[cli]") {
  ToolRun list = runTool("--list-checks");
  REQUIRE(list.exitCode == 0);
  std::string index = slurp(std::string(ALINT_SOURCE_DIR) + "/docs/index.md");
  std::istringstream in(list.out);
  std::string line;
  while (std::getline(in, line)) {
    std::string id = line.substr(0, line.find(' '));
    INFO(id);
    CHECK(index.find("(checks/" + id + ".md)") != std::string::npos);
  }
}

TEST_CASE("--exclude-header-filter hides findings in matching headers, counted as non-user code", "[cli]") {
  std::string dir = freshDir("exclhdr");
  spit(dir + "/kernel_impl.h", slurp(kUb));
  spit(dir + "/entry.cpp", "#include \"kernel_impl.h\"\n");
  ToolRun all = runTool("--target=ascend910b " + dir + "/entry.cpp");
  CHECK(all.exitCode == 1);
  CHECK(all.out.find("kernel_impl.h:16:5: error:") != std::string::npos);
  ToolRun ex = runTool("--target=ascend910b --exclude-header-filter='_impl\\.h$' " + dir + "/entry.cpp");
  CHECK(ex.exitCode == 0);
  CHECK(ex.out.find("kernel_impl.h") == std::string::npos);
  CHECK(ex.err.find("Suppressed 1 finding (1 in non-user code).") != std::string::npos);
  CHECK(runTool("--exclude-header-filter='(' " + dir + "/entry.cpp").exitCode == 2);
  // --verify-config reads the configuration file that applies
  spit(dir + "/.ascendc-lint.yaml", "Checks: '-*,sync-rase'\n");
  ToolRun v = runTool("--verify-config " + dir + "/entry.cpp");
  CHECK(v.exitCode == 1);
  CHECK(v.err.find(dir + "/.ascendc-lint.yaml: error: unknown check 'sync-rase'") != std::string::npos);
  std::system(("rm -rf " + dir).c_str());
}
