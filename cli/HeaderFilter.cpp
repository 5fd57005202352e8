#include "cli/HeaderFilter.h"
#include "cli/TidyCompat.h"

#include "cli/Config.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Regex.h>

#include <map>
#include <optional>

namespace alint {

static std::string canonical(const std::string &p) {
  static std::map<std::string, std::string> cache;
  auto it = cache.find(p);
  if (it != cache.end())
    return it->second;
  llvm::SmallString<256> r;
  std::string c = llvm::sys::fs::real_path(p, r) ? p : std::string(r);
  cache[p] = c;
  return c;
}

bool validHeaderFilter(const std::string &regex, std::string &error) {
  if (regex.empty())
    return true;
  llvm::Regex re(regex);
  std::string why;
  if (!re.isValid(why)) {
    error = "bad header filter '" + regex + "': " + why;
    return false;
  }
  return true;
}

bool applyHeaderFilter(RunResult &rr, const Options &o, std::string &error) {
  for (FileResult &fr : rr.files) {
    std::optional<std::string> filter;
    if (o.headerFilterGiven) {
      filter = o.headerFilter;
    } else {
      std::string err;
      auto c = configFor(fr.file, o, err);
      if (c && c->headerFilterRegex)
        filter = c->headerFilterRegex;
      if (filter && !validHeaderFilter(*filter, err)) {
        error = (c->path.empty() ? "" : c->path + ": ") + err;
        return false;
      }
    }
    if (!filter)
      continue;
    llvm::Regex re(*filter);
    std::string main = canonical(fr.file);
    std::vector<Diagnostic> kept;
    for (Diagnostic &d : fr.diags) {
      bool header = !d.loc.file.empty() && d.loc.file != fr.file && canonical(d.loc.file) != main;
      if (header && (filter->empty() || !re.match(d.loc.file)))
        continue;
      kept.push_back(std::move(d));
    }
    fr.diags = std::move(kept);
  }
  return true;
}

} // namespace alint
