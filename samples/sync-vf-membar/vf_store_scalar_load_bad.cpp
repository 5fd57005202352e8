// lint: --target=ascend950
// A vector function writes running row sums with a vector store and reads
// the last sum of the row back with a scalar load inside the same
// VF. The scalar load is its own pipeline (LocalMemBar.md 表2, SCALAR_LOAD):
// without LocalMemBar<VEC_STORE, SCALAR_LOAD> it may read the old value.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t ROWS = 8;
constexpr uint32_t COLS = 64; // int32 elements per row: one vector register

__aicore__ inline void RowOffsets(LocalTensor<int32_t> &buf) {
  __VEC_SCOPE__ {
    __ubuf__ int32_t *p = (__ubuf__ int32_t *)buf.GetPhyAddr();
    Reg::RegTensor<int32_t> row;
    Reg::MaskReg all = Reg::CreateMask<int32_t>();
    int32_t carry = 0;
    for (uint16_t i = 0; i < ROWS; i++) {
      Reg::LoadAlign(row, p + i * COLS);
      Reg::Adds(row, row, carry, all);
      Reg::StoreAlign(p + i * COLS, row, all);
      carry = p[i * COLS + COLS - 1]; // expect: sync-vf-membar
    }
  }
}

extern "C" __global__ __aicore__ void row_offsets(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> tbuf;
  pipe.InitBuffer(tbuf, ROWS * COLS * sizeof(int32_t));
  GlobalTensor<int32_t> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ int32_t *)x, ROWS * COLS);
  yGm.SetGlobalBuffer((__gm__ int32_t *)y, ROWS * COLS);
  LocalTensor<int32_t> buf = tbuf.Get<int32_t>();
  DataCopy(buf, xGm, ROWS * COLS);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  RowOffsets(buf);
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, buf, ROWS * COLS);
}
