// lint: --target=ascend950
// The good twin of ub_l1_roundtrip_bad.cpp, on the chip it was written for:
// Ascend 950 moves data between the vector core's UB and the cube core's L1
// in hardware (UB->L1 on PIPE_MTE3 from the vector core, L1->UB on PIPE_MTE1
// from the cube core: asc-devkit docs/zh/api/附录/API流水类型汇总.md), and the
// two cores hand the tile over with cross-core flags.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t LEN = 1024;
constexpr uint16_t FLAG_TO_L1 = 1;
constexpr uint16_t FLAG_TO_UB = 2;

class KernelUbL1 {
public:
  __aicore__ inline KernelUbL1() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ half *)x + GetBlockIdx() * LEN, LEN);
    yGm.SetGlobalBuffer((__gm__ half *)y + GetBlockIdx() * LEN, LEN);
  }
  __aicore__ inline void VectorToL1() {
    pipe.InitBuffer(inBuf, LEN * sizeof(half));
    pipe.InitBuffer(l1Buf, LEN * sizeof(half));
    LocalTensor<half> x = inBuf.Get<half>();
    DataCopy(x, xGm, LEN);
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    LocalTensor<half> l1 = l1Buf.Get<half>();
    DataCopy(l1, x, LEN); // UB -> L1 (PIPE_MTE3)
    CrossCoreSetFlag<2, PIPE_MTE3>(FLAG_TO_L1);
  }
  __aicore__ inline void CubeToUb() {
    pipe.InitBuffer(l1Buf, LEN * sizeof(half));
    pipe.InitBuffer(ubBuf, LEN * sizeof(half));
    CrossCoreWaitFlag(FLAG_TO_L1);
    LocalTensor<half> l1 = l1Buf.Get<half>();
    LocalTensor<half> u = ubBuf.Get<half>();
    DataCopy(u, l1, LEN); // L1 -> UB (PIPE_MTE1)
    CrossCoreSetFlag<2, PIPE_MTE1>(FLAG_TO_UB);
  }
  __aicore__ inline void VectorOut() {
    CrossCoreWaitFlag(FLAG_TO_UB);
    LocalTensor<half> u = ubBuf.Get<half>();
    DataCopy(yGm, u, LEN);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> inBuf;
  TBuf<TPosition::A1> l1Buf;
  TBuf<TPosition::VECCALC> ubBuf;
  GlobalTensor<half> xGm, yGm;
};

extern "C" __global__ __aicore__ void ub_l1_roundtrip(GM_ADDR x, GM_ADDR y) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);
  KernelUbL1 op;
  op.Init(x, y);
  if ASCEND_IS_AIV {
    op.VectorToL1();
  }
  if ASCEND_IS_AIC {
    op.CubeToUb();
  }
  if ASCEND_IS_AIV {
    op.VectorOut();
  }
}
