// lint: --target=ascend910b --target=ascend950
// The bad twin of ops_base_helpers_good.cpp: the buffer is sized with
// FloorAlign, the copy with CeilAlign: for a row length that is not a
// multiple of 16 the copy runs past the buffer (e.g. rowLen=17: 32
// elements into a 16-element buffer).
#include "kernel_operator.h"
#include "op_kernel/math_util.h"
#include "op_kernel/platform_util.h"

using namespace AscendC;

constexpr uint32_t MAX_ROW = 4096;

extern "C" __global__ __aicore__ void pad_row(GM_ADDR x, uint32_t rowLen) {
  ASCENDC_ASSUME(rowLen >= 1 && rowLen <= MAX_ROW);
  constexpr uint32_t BLOCK_ELEMS = Ops::Base::GetUbBlockSize() / sizeof(half); // 16
  uint32_t alignedLen = Ops::Base::CeilAlign(rowLen, BLOCK_ELEMS);
  uint32_t floorLen = Ops::Base::FloorAlign(rowLen, BLOCK_ELEMS);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, floorLen * sizeof(half));
  GlobalTensor<half> xGm;
  xGm.SetGlobalBuffer((__gm__ half *)x, MAX_ROW);
  LocalTensor<half> row = buf.Get<half>();
  DataCopy(row, xGm, alignedLen); // expect-warning: bounds-local
}
