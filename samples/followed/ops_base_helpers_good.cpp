// lint: --target=ascend910b --target=ascend950
// The ops-base helpers operator kernels include (op_kernel/math_util.h,
// op_kernel/platform_util.h; bundled as our own declarations, see
// api/include/op_kernel/): CeilAlign/CeilDiv run as arithmetic, the block and
// vector-register sizes are constants, so every obligation is proved.
#include "kernel_operator.h"
#include "op_kernel/math_util.h"
#include "op_kernel/platform_util.h"

using namespace AscendC;

constexpr uint32_t MAX_ROW = 4096;

extern "C" __global__ __aicore__ void pad_row(GM_ADDR x, uint32_t rowLen) {
  ASCENDC_ASSUME(rowLen >= 1 && rowLen <= MAX_ROW);
  constexpr uint32_t BLOCK_ELEMS = Ops::Base::GetUbBlockSize() / sizeof(half); // 16
  uint32_t alignedLen = Ops::Base::CeilAlign(rowLen, BLOCK_ELEMS);
  uint32_t vregs = Ops::Base::CeilDiv(alignedLen * static_cast<uint32_t>(sizeof(half)), Ops::Base::GetVRegSize());
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, vregs * Ops::Base::GetVRegSize());
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, MAX_ROW);
  LocalTensor<half> row = buf.Get<half>();
  DataCopy(row, xGm, alignedLen);
}
