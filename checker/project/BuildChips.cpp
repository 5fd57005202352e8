#include "checker/project/BuildChips.h"

#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>

namespace alint::project {

std::vector<std::pair<std::string, std::string>> parseChipOpFiles(const std::string &raw) {
  // Comments out (a configuration in a comment is not built).
  static const std::regex comments(R"re(//[^\n]*|/\*[\s\S]*?\*/)re");
  std::string text = std::regex_replace(raw, comments, " ");
  // Statement by statement: `cfg....ExtendCfgInfo("opFile.value", "x_apt");`
  // sets cfg's kernel file; `AddConfig("chip", cfg)` takes the latest one.
  static const std::regex opFile(R"re(ExtendCfgInfo\s*\(\s*"opFile\.value"\s*,\s*"(\w+)"\s*\))re");
  static const std::regex addCfg(R"re(AddConfig\s*\(\s*"(\w+)"\s*(?:,\s*(\w+)\s*)?\))re");
  static const std::regex head(R"re(^\s*(\w+)\s*\.)re");
  std::vector<std::pair<std::string, std::string>> out;
  std::map<std::string, std::string> fileOf;
  for (size_t from = 0; from < text.size();) {
    size_t semi = text.find(';', from);
    std::string st = text.substr(from, semi == std::string::npos ? std::string::npos : semi - from);
    from = semi == std::string::npos ? text.size() : semi + 1;
    std::smatch f, h, a;
    if (std::regex_search(st, f, opFile) && std::regex_search(st, h, head))
      fileOf[h[1]] = f[1];
    if (std::regex_search(st, a, addCfg))
      out.push_back({a[1], a[2].matched && fileOf.count(a[2]) ? fileOf[a[2]] : std::string()});
  }
  return out;
}

std::vector<std::string> chipsBuildingFile(const OpProject &p, const std::string &kernelFile) {
  std::string stem = std::string(llvm::sys::path::stem(kernelFile));
  std::vector<std::string> out;
  for (const OpDefinition &d : p.opDefs) {
    auto buf = llvm::MemoryBuffer::getFile(d.file);
    if (!buf)
      continue;
    // A chip without opFile.value builds the op's default kernel file, named
    // after the op (`StatelessRandomNormalV3`: stateless_random_normal_v3.cpp).
    auto squash = [](const std::string &n) {
      std::string o;
      for (char c : n)
        if (c != '_')
          o += char(std::tolower(static_cast<unsigned char>(c)));
      return o;
    };
    const bool isDefault = !d.opName.empty() && squash(stem) == squash(d.opName);
    for (auto &[chip, file] : parseChipOpFiles((*buf)->getBuffer().str()))
      if ((file == stem || (file.empty() && isDefault)) && std::find(out.begin(), out.end(), chip) == out.end())
        out.push_back(chip);
  }
  return out;
}

} // namespace alint::project
