// The host side of a kernel in an operator project, from the project discovery
// of checker/project (one reading of op_host/ for both sides): the tiling
// sources to read and the inputs, outputs and dtypes the OpDef declares.
#include "checker/host/HostContract.h"
#include "checker/project/OpProject.h"

#include <llvm/Support/Path.h>

#include <algorithm>
#include <map>

namespace alint::host {

std::vector<std::string> hostTilingSources(const project::OpProject &p, std::string &reason) {
  std::vector<std::string> out;
  for (const std::string &f : p.hostFiles) {
    llvm::StringRef name = llvm::sys::path::filename(f);
    if (name.contains("tiling") && (name.ends_with(".cpp") || name.ends_with(".cc")))
      out.push_back(f);
  }
  if (out.empty()) {
    reason = "no *tiling*.cpp in " + p.root + "/op_host";
    return {};
  }
  std::sort(out.begin(), out.end());
  return out;
}

// ge::DataType values (asc-devkit include/basic_api/kernel_type.h) of the
// types the reader sizes (HostInterp.cpp kDtypeSizes).
static const std::map<std::string, int64_t> &dtypeValues() {
  static const std::map<std::string, int64_t> values = {
      {"DT_FLOAT", 0},     {"DT_FLOAT16", 1},      {"DT_INT8", 2},           {"DT_INT32", 3},
      {"DT_UINT8", 4},     {"DT_INT16", 6},        {"DT_UINT16", 7},         {"DT_UINT32", 8},
      {"DT_INT64", 9},     {"DT_UINT64", 10},      {"DT_DOUBLE", 11},        {"DT_BOOL", 12},
      {"DT_BF16", 27},     {"DT_COMPLEX64", 16},   {"DT_COMPLEX128", 17},    {"DT_COMPLEX32", 33},
      {"DT_HIFLOAT8", 34}, {"DT_FLOAT8_E5M2", 35}, {"DT_FLOAT8_E4M3FN", 36}, {"DT_FLOAT8_E8M0", 37}};
  return values;
}

int64_t dtypeValue(const std::string &dt) {
  auto it = dtypeValues().find(dt);
  return it == dtypeValues().end() ? -1 : it->second;
}

std::vector<int64_t> dtypeValuesOfCppType(const std::string &cpp) {
  std::vector<int64_t> vs;
  for (const auto &[name, v] : dtypeValues())
    if (project::cppTypeOfDtype(name) == cpp)
      vs.push_back(v);
  return vs;
}

void applyOpDef(const project::OpProject &p, HostOptions &opts) {
  // The project reads *_def.cpp; small projects declare the OpDef beside
  // their tiling function, so the other host sources are tried after it.
  const project::OpDefinition *def = p.readerOpDef();
  if (!def)
    return;
  opts.inputNames.clear();
  opts.outputNames.clear();
  opts.scalarInputs.clear();
  opts.shapeCopies.clear();
  for (const project::OpParam &prm : def->params)
    (prm.isOutput ? opts.outputNames : opts.inputNames).push_back(prm.name);
  // The op's shape inference (op_host/*infershape*.cpp by convention; any
  // host source registering it counts), parsed at discovery.
  opts.shapeCopies = p.shapeCopies;
  for (const project::OpParam &prm : def->params) {
    if (prm.scalar)
      opts.scalarInputs.insert(prm.name);
    std::vector<int64_t> vs;
    bool all = !prm.dtypes.empty();
    std::vector<int64_t> &column = opts.dtypeColumns[prm.name];
    column.clear();
    for (const std::string &dt : prm.dtypes) {
      int64_t v = dtypeValue(dt);
      column.push_back(v < 0 ? -1 : v);
      if (v < 0)
        all = false; // a dtype the reader does not know: the tensor's dtype stays free
      else if (std::find(vs.begin(), vs.end(), v) == vs.end())
        vs.push_back(v);
    }
    if (all)
      opts.dtypes[prm.name] = vs;
  }
}

} // namespace alint::host
