// The chips an operator project's build compiles a kernel file for. An OpDef
// names the kernel file per chip configuration:
//   OpAICoreConfig cfg; cfg....ExtendCfgInfo("opFile.value", "add_apt");
//   this->AICore().AddConfig("ascend950", cfg);
// (ops-math: the `arch35` `*_apt.cpp` kernels are built for ascend950 only).
#pragma once

#include "checker/project/OpProject.h"

#include <string>
#include <utility>
#include <vector>

namespace alint::project {

// Per AddConfig of an OpDef's text: the chip and the kernel file stem its
// configuration names as opFile.value, or "" when it names none.
std::vector<std::pair<std::string, std::string>> parseChipOpFiles(const std::string &defText);

// The chips whose configuration names `kernelFile`'s stem, over the project's
// OpDefs, and the chips configured without opFile.value when the file is the
// op's default kernel file (its stem is the op's name in snake case). Empty
// when none names it (no restriction is known).
std::vector<std::string> chipsBuildingFile(const OpProject &p, const std::string &kernelFile);

} // namespace alint::project
