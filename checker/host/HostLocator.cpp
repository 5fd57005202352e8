// Where the host side of a kernel is, and what its OpDef declares. A small
// stand-in for the operator-project discovery (checker/project): the sibling
// op_host/ of an op_kernel/ directory.
#include "checker/host/HostContract.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>

namespace alint::host {

std::vector<std::string> locateHostTiling(const std::string &kernelFile, std::string &reason) {
  llvm::SmallString<256> abs(kernelFile);
  llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, true);
  // The op_kernel/ directory this file is in (possibly a subdirectory of it).
  llvm::StringRef dir = llvm::sys::path::parent_path(abs);
  llvm::StringRef opRoot;
  for (llvm::StringRef d = dir; !d.empty(); d = llvm::sys::path::parent_path(d)) {
    if (llvm::sys::path::filename(d) == "op_kernel") {
      opRoot = llvm::sys::path::parent_path(d);
      break;
    }
    if (d == llvm::sys::path::parent_path(d))
      break;
  }
  if (opRoot.empty()) {
    reason = "the kernel is not in an op_kernel/ directory of an operator project";
    return {};
  }
  llvm::SmallString<256> hostDir(opRoot);
  llvm::sys::path::append(hostDir, "op_host");
  std::vector<std::string> out;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(hostDir, ec), end; it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (name.contains("tiling") && (name.ends_with(".cpp") || name.ends_with(".cc")))
      out.push_back(it->path());
  }
  if (out.empty()) {
    reason = "no *tiling*.cpp in " + std::string(hostDir);
    return {};
  }
  std::sort(out.begin(), out.end());
  return out;
}

void readOpDef(const std::vector<std::string> &hostFiles, HostOptions &opts) {
  std::set<std::string> dirs;
  for (const std::string &f : hostFiles)
    dirs.insert(std::string(llvm::sys::path::parent_path(f)));
  std::vector<std::string> files;
  for (const std::string &d : dirs) {
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(d, ec), end; it != end && !ec; it.increment(ec))
      if (llvm::StringRef(it->path()).ends_with(".cpp"))
        files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  static const std::regex param(R"re(\b(Input|Output)\s*\(\s*"(\w+)"\s*\))re");
  static const std::regex dtype(R"re(ge::DT_(\w+))re");
  static const std::map<std::string, int64_t> values = {
      {"FLOAT", 0},   {"FLOAT16", 1}, {"INT8", 2},   {"INT32", 3},      {"UINT8", 4},
      {"INT16", 6},   {"UINT16", 7},  {"UINT32", 8}, {"INT64", 9},      {"UINT64", 10},
      {"DOUBLE", 11}, {"BOOL", 12},   {"BF16", 27},  {"COMPLEX64", 16}, {"COMPLEX128", 17}};
  for (const std::string &f : files) {
    auto buf = llvm::MemoryBuffer::getFile(f);
    if (!buf)
      continue;
    std::string text = (*buf)->getBuffer().str();
    if (text.find("OpDef") == std::string::npos)
      continue;
    std::vector<std::string> ins, outs;
    std::map<std::string, std::vector<int64_t>> types;
    auto begin = std::sregex_iterator(text.begin(), text.end(), param);
    std::vector<std::smatch> ms(begin, std::sregex_iterator());
    for (size_t i = 0; i < ms.size(); ++i) {
      std::string name = ms[i][2];
      (ms[i][1] == "Input" ? ins : outs).push_back(name);
      // The dtype list up to the next parameter (the first DataType list).
      size_t from = ms[i].position(0) + ms[i].length(0);
      size_t to = i + 1 < ms.size() ? size_t(ms[i + 1].position(0)) : text.size();
      std::string seg = text.substr(from, to - from);
      size_t dt = seg.find("DataType(");
      if (dt == std::string::npos)
        continue;
      size_t close = seg.find(')', dt);
      std::string list = seg.substr(dt, close == std::string::npos ? std::string::npos : close - dt);
      std::vector<int64_t> vs;
      bool all = true;
      for (auto it = std::sregex_iterator(list.begin(), list.end(), dtype); it != std::sregex_iterator(); ++it) {
        auto v = values.find((*it)[1]);
        if (v == values.end())
          all = false;
        else if (std::find(vs.begin(), vs.end(), v->second) == vs.end())
          vs.push_back(v->second);
      }
      if (all && !vs.empty())
        types[name] = vs;
    }
    if (ins.empty() && outs.empty())
      continue;
    opts.inputNames = ins;
    opts.outputNames = outs;
    for (auto &[n, v] : types)
      opts.dtypes[n] = v;
    return;
  }
}

} // namespace alint::host
