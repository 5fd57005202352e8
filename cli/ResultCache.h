// --cache-dir: per-file results reused while nothing they depend on changed.
//
// An entry is found by a key over everything known before parsing: the tool
// build, the working directory, the file's path and contents, the settings
// that apply to it (checks, targets and their descriptions, assumptions,
// compiler arguments, limits, the configuration file's contents). The entry
// lists the headers the parse read, with a hash of each: it is used only if
// every one is unchanged and no header that was missing has appeared in the
// include directories. An unchanged file costs reading and hashing its
// headers (as ccache's direct mode does), not a parse.
//
// Not noticed: a new header that shadows one that was found, in an include
// directory searched earlier. Delete the cache directory after such a change.
#pragma once

#include "cli/Driver.h"

#include <optional>
#include <string>
#include <vector>

namespace alint {

// Hash of a file's contents (hex); empty if it cannot be read.
std::string hashFile(const std::string &path);

class ResultCache {
public:
  explicit ResultCache(std::string dir) : dir_(std::move(dir)) {}
  // The stored result for `key`, if its headers are unchanged. Missing
  // headers are looked for in `searchDirs`.
  std::optional<FileResult> lookup(const std::string &key, const std::vector<std::string> &searchDirs) const;
  // Stores a result; false (and nothing stored) if the directory cannot be written.
  bool store(const std::string &key, const FileResult &fr, const std::vector<std::string> &dependencies,
             const std::vector<std::string> &missingIncludes) const;

private:
  std::string dir_;
};

// Builds a key from parts (order matters).
class CacheKey {
public:
  CacheKey &add(const std::string &part);
  CacheKey &add(long long v) { return add(std::to_string(v)); }
  std::string hex() const;

private:
  std::string text_;
};

// The identity of this build of the tool (version, executable size and time).
std::string toolIdentity();

} // namespace alint
