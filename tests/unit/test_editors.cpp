// Real clients: Neovim's built-in LSP client against `ascendc-lint --lsp`,
// and pre-commit running the repository's hook manifest. Each is skipped,
// with the reason, where the program is not installed (Debian packages
// neovim and pre-commit).
#include "TestFiles.h"

#include <catch2/catch.hpp>

using namespace alint_test;

static const std::string kSamples = ALINT_SAMPLES_DIR;

TEST_CASE("Neovim's LSP client receives the server's diagnostics", "[cli]") {
  if (!haveProgram("nvim")) {
    WARN("skipped: nvim is not installed (Debian package neovim)");
    return;
  }
  std::string dir = freshDir("nvim") + "/caf\xC3\xA9+(1)";
  std::system(("mkdir -p " + shellQuote(dir)).c_str());
  std::string k = dir + "/k.cpp";
  spit(k, slurp(kSamples + "/capacity-overflow/ub_216k_bad.cpp"));
  std::string out = dir + "/diags.txt";
  int status = 0;
  std::string log =
      shell("cd " + shellQuote(dir) + " && ALINT_BIN=" + shellQuote(ALINT_BINARY) + " ALINT_FILE=" + shellQuote(k) +
                " ALINT_OUT=" + shellQuote(out) + " timeout 180 nvim --headless --clean -n -c " +
                shellQuote("luafile " + std::string(ALINT_TESTDATA_DIR) + "/lsp/nvim_client.lua") + " 2>&1",
            status);
  INFO(log);
  CHECK(status == 0);
  std::string got = slurp(out);
  INFO(got);
  CHECK(got.find("16\tcapacity-overflow\t1\n") != std::string::npos);
  std::system(("rm -rf " + shellQuote(dir)).c_str());
}

TEST_CASE("pre-commit blocks a commit of an .asc kernel with an error", "[cli]") {
  if (!haveProgram("pre-commit") || !haveProgram("git")) {
    WARN("skipped: pre-commit is not installed (Debian package pre-commit)");
    return;
  }
  std::string dir = freshDir("precommit");
  std::string bindir = dir + "/bin";
  std::system(
      ("mkdir -p " + bindir + " && ln -s " + shellQuote(ALINT_BINARY) + " " + bindir + "/ascendc-lint").c_str());
  // The hook manifest of this repository, used as a local repository.
  std::string repo = dir + "/work";
  std::system(("mkdir -p " + repo).c_str());
  std::string manifest = slurp(std::string(ALINT_SOURCE_DIR) + "/.pre-commit-hooks.yaml");
  std::string config = "repos:\n  - repo: local\n    hooks:\n";
  // Each hook of the manifest, indented under `hooks:` of a local repository.
  std::istringstream lines(manifest);
  std::string line;
  while (std::getline(lines, line))
    if (!line.empty() && line[0] != '#')
      config += "      " + line + "\n";
  spit(repo + "/.pre-commit-config.yaml", config);
  spit(repo + "/kernel.asc", slurp(kSamples + "/capacity-overflow/ub_216k_bad.cpp"));
  std::string env = "cd " + shellQuote(repo) + " && export PATH=" + shellQuote(bindir) +
                    ":$PATH HOME=" + shellQuote(dir) + " PRE_COMMIT_HOME=" + shellQuote(dir + "/cache") +
                    " GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t && ";
  int status = 0;
  shell(env + "git init -q . && git add .pre-commit-config.yaml kernel.asc 2>&1", status);
  REQUIRE(status == 0);
  // Only the lint hook (the -fix one would edit the file).
  std::string log = shell(env + "SKIP=ascendc-lint-fix pre-commit run --files kernel.asc 2>&1", status);
  INFO(log);
  CHECK(status != 0);
  CHECK(log.find("capacity-overflow") != std::string::npos);
  // and a clean kernel passes
  spit(repo + "/kernel.asc", slurp(kSamples + "/capacity-overflow/ub_184k_good.cpp"));
  log = shell(env + "git add kernel.asc && SKIP=ascendc-lint-fix pre-commit run --files kernel.asc 2>&1", status);
  INFO(log);
  CHECK(status == 0);
  std::system(("rm -rf " + shellQuote(dir)).c_str());
}
