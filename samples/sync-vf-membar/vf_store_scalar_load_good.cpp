// lint: --target=ascend950
// The fixed twin of vf_store_scalar_load_bad.cpp: LocalMemBar<VEC_STORE,
// SCALAR_LOAD> before the scalar load orders it after the vector store of
// the row. Neither sync-vf-membar nor sync-race (the scalar load
// is part of the VF, ordered after MTE2 by the MTE2_V flag) has a finding.
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
      Reg::LocalMemBar<Reg::MemType::VEC_STORE, Reg::MemType::SCALAR_LOAD>();
      carry = p[i * COLS + COLS - 1];
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
