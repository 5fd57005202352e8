// The host side of an operator: what its tiling function (`ge::graphStatus
// TilingFunc(gert::TilingContext*)` in op_host/) sends to the kernel, as
// symbolic expressions over the operator's input shapes, dtypes and the
// platform values. The kernel's obligations are then proved under this
// contract (cli/Driver.cpp binds the tiling fields to these expressions).
#pragma once

#include "checker/ir/SymExpr.h"

#include <map>
#include <string>
#include <vector>

namespace alint::host {

struct HostOptions {
  std::string hostApiDir;             // bundled host API (api/host)
  std::string resourceDir;            // Clang builtin headers
  std::vector<std::string> extraArgs; // -I of the op project
  // GetCoreMemSize(type): the range of the value (the target's usable size up
  // to its capacity; which one the platform reports is not documented).
  std::map<int, std::pair<int64_t, int64_t>> memSize; // by platform_ascendc::CoreMemType
  int socVersion = -1;                                // platform_ascendc::SocVersion, -1: unknown
  std::vector<std::string> inputNames, outputNames;   // from the OpDef, in order
  std::map<std::string, std::vector<int64_t>> dtypes; // allowed ge::DataType values per tensor
  std::map<std::string, std::vector<int64_t>> shapes; // --shape: concrete dimensions
  unsigned maxSteps = 200000;
};

struct HostContract {
  bool ok = false;
  std::string reason; // when !ok: why no contract
  std::string file, function;
  // Tiling fields as the kernel reads them ("tileLength", "sub.len"), each in
  // its field type. Fields the host leaves to values it does not compute
  // (opaque) are absent and listed in `unconstrained`.
  std::map<std::string, Sym> fields;
  std::vector<std::string> unconstrained;
  Sym blockDim;           // null when not set or not understood
  Sym tilingKey;          // null when not set or not understood
  Sym success;            // the host returns GRAPH_SUCCESS: a precondition of the launch
  std::vector<Sym> facts; // ranges of the shape, dtype and platform variables
  std::vector<Sym> workspace;
};

HostContract readTilingFunction(const std::string &hostFile, const HostOptions &opts);

// The operator project's host tiling sources for a kernel file: the `*tiling*`
// sources of the sibling op_host/ of an op_kernel/ directory. Empty with a
// reason when there is none. (A stand-in for the op-project discovery of
// checker/project; swap it there.)
std::vector<std::string> locateHostTiling(const std::string &kernelFile, std::string &reason);

// Input and output names and allowed dtypes from the OpDef (`this->Input("x")
// .DataType({ge::DT_FLOAT16, ...})`) found in the given op_host sources.
void readOpDef(const std::vector<std::string> &hostFiles, HostOptions &opts);

} // namespace alint::host
