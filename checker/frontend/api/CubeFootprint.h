// Byte footprints of the cube instructions, shared by the AscendC calls
// (LoadData / Mmad / Fixpipe in CubeApi.cpp) and the CCE intrinsics they
// lower to (load_cbuf_to_ca, mad, copy_matrix_cc_to_gm in CceCopyApi.cpp):
// asc-devkit impl/basic_api/dav_c220/kernel_operator_mm_impl.h and
// kernel_operator_fixpipe_v2_impl.h pass the parameter-struct fields straight
// to the intrinsics, so one formula serves both layers.
#pragma once

#include "checker/ir/SymExpr.h"

#include <cstdint>

namespace alint {
namespace fe {

// LoadData 2D (docs/zh/api/.../LoadData_2D.md): repeat fractals of 512 bytes;
// the source starts at fractal startIndex and steps srcStride fractals; the
// destination leaves dstGap fractals between fractals (ignored on Ascend 950).
// repeat = 0 is a NOP. Increasing addresses only.
struct Load2dFootprint {
  Sym srcOffset, srcLen, dstLen;
};
Load2dFootprint load2dFootprint(Sym startIndex, Sym repeat, Sym srcStride, Sym dstGap, bool arch35);

// Mmad (docs/zh/api/.../Mmad.md): A m x k in L0A, B k x n in L0B, C m x n in
// L0C, 16-row fractals of 32 bytes per row for A and B (float K padded to 8,
// or 16 with kDirectionAlign), 16 x 16 elements for C; `gemv`: A is k
// contiguous elements. Element sizes 1, 2 or 4 bytes (else: not modelled).
struct MmadFootprint {
  Sym a, b, c;
  Sym nonEmpty; // m, k, n > 0 (else a NOP)
};
MmadFootprint mmadFootprint(Sym m, Sym k, Sym n, Sym kDirectionAlign, Sym gemv, uint32_t eA, uint32_t eB, uint32_t eC);

// Fixpipe L0C -> GM/L1/UB (docs/zh/api/.../Fixpipe（L0C到GM数据搬运）.md): the
// NZ source of ceil(n/16) column blocks of m rows of 16 elements, srcStride
// rows apart; format 0 NZ (dstStride in 32-byte units on V220, in elements
// on 950), 1 ROW_MAJOR (NZ2ND: m rows of n elements, dstStride elements
// apart, ndNum matrices), 2 COLUMN_MAJOR (NZ2DN). `srcNdStride` is in
// elements of the 16-wide rows already; `dualDst` 0 none, 1 split M, 2 split N.
struct FixpipeFootprint {
  Sym src, dst;
};
FixpipeFootprint fixpipeFootprint(int64_t format, bool v220, Sym nSize, Sym mSize, Sym srcStride, Sym dstStride,
                                  Sym ndNum, Sym srcNdStride, Sym dstNdStride, int64_t dualDst, uint32_t eSrc,
                                  uint32_t eDst);

} // namespace fe
} // namespace alint
