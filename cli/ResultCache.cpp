#include "cli/ResultCache.h"

#include "cli/ResultIO.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/xxhash.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace alint {

using nlohmann::json;

namespace {

std::string hex128(llvm::StringRef data) {
  llvm::XXH128_hash_t h = llvm::xxh3_128bits(llvm::ArrayRef(data.bytes_begin(), data.size()));
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", (unsigned long long)h.high64, (unsigned long long)h.low64);
  return buf;
}

// Entries are CBOR (file names keep their bytes) with a checksum over their
// contents: an entry that is damaged or edited, even into valid CBOR, does
// not verify and the file is analysed again.
constexpr const char *kFormat = "ascendc-lint result cache 2";

std::string checksumOf(const json &deps, const json &missing, const std::string &result) {
  std::vector<std::uint8_t> d = json::to_cbor(deps), m = json::to_cbor(missing);
  std::string all = std::string(kFormat) + '\0' + std::string(d.begin(), d.end()) + '\0' +
                    std::string(m.begin(), m.end()) + '\0' + result;
  return hex128(all);
}

} // namespace

std::string hashFile(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buf)
    return std::string();
  return hex128((*buf)->getBuffer());
}

CacheKey &CacheKey::add(const std::string &part) {
  text_ += std::to_string(part.size()); // length-prefixed: parts cannot run into each other
  text_ += ':';
  text_ += part;
  return *this;
}

std::string CacheKey::hex() const { return hex128(text_); }

std::string toolIdentity() {
  std::string id = std::string("ascendc-lint ") + ALINT_VERSION;
  llvm::sys::fs::file_status st;
  if (!llvm::sys::fs::status("/proc/self/exe", st))
    id += " " + std::to_string(st.getSize()) + " " +
          std::to_string(st.getLastModificationTime().time_since_epoch().count());
  return id;
}

std::optional<FileResult> ResultCache::lookup(const std::string &key,
                                              const std::vector<std::string> &searchDirs) const {
  llvm::SmallString<256> path(dir_);
  llvm::sys::path::append(path, key + ".json");
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buf)
    return std::nullopt;
  json j = json::from_cbor((*buf)->getBuffer().str(), true, false);
  if (j.is_discarded() || !j.is_object() || j.value("format", "") != kFormat)
    return std::nullopt;
  try {
    std::string result = j.at("result").get<std::string>();
    if (j.at("checksum").get<std::string>() != checksumOf(j.at("deps"), j.at("missing"), result))
      return std::nullopt;
    for (const json &d : j.at("deps"))
      if (hashFile(d.at(0).get<std::string>()) != d.at(1).get<std::string>())
        return std::nullopt;
    for (const json &m : j.at("missing")) {
      std::string name = m.get<std::string>();
      if (llvm::sys::path::is_absolute(name)) {
        if (llvm::sys::fs::exists(name))
          return std::nullopt;
        continue;
      }
      for (const std::string &dir : searchDirs) {
        llvm::SmallString<256> p(dir);
        llvm::sys::path::append(p, name);
        if (llvm::sys::fs::exists(p))
          return std::nullopt;
      }
    }
    return fileResultFromText(result);
  } catch (const json::exception &) {
    return std::nullopt;
  }
}

bool ResultCache::store(const std::string &key, const FileResult &fr, const std::vector<std::string> &dependencies,
                        const std::vector<std::string> &missingIncludes) const {
  if (llvm::sys::fs::create_directories(dir_))
    return false;
  json deps = json::array();
  for (const std::string &d : dependencies) {
    std::string h = hashFile(d);
    if (h.empty())
      return false; // a header that cannot be read again cannot be checked later
    deps.push_back(json::array({d, h}));
  }
  std::string result = fileResultToText(fr);
  json missing = missingIncludes;
  json j{{"format", kFormat},
         {"deps", deps},
         {"missing", missing},
         {"result", result},
         {"checksum", checksumOf(deps, missing, result)}};
  llvm::SmallString<256> path(dir_), tmp(dir_);
  llvm::sys::path::append(path, key + ".json");
  llvm::sys::path::append(tmp, key + ".tmp." + std::to_string(::getpid()));
  {
    std::ofstream out(std::string(tmp), std::ios::binary);
    if (!out)
      return false;
    std::vector<std::uint8_t> bytes = json::to_cbor(j);
    out.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
    if (!out)
      return false;
  }
  // Readers see the old entry or the new one, never half of one.
  if (llvm::sys::fs::rename(tmp, path)) {
    llvm::sys::fs::remove(tmp);
    return false;
  }
  return true;
}

} // namespace alint
