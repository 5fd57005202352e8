// lint: --target=ascend910b --target=ascend950
// A K-looped 64 x 64 x 256 half matmul on TBuf buffers (no queues, so every
// hand-off needs its own flag): MTE2 -> MTE1 after the copies into L1,
// MTE1 -> M after the loads into L0A/L0B, M -> FIX before Fixpipe, and the
// backward MTE1 -> MTE2 / M -> MTE1 pairs that free the buffers for the next
// K tile.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint16_t M = 64, N = 64, K = 256, KT = 64; // K is consumed KT at a time
constexpr uint32_t FRACTAL_ELEMS = 16 * 16;

class KernelMatmulK {
public:
  __aicore__ inline KernelMatmulK() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
    aGm.SetGlobalBuffer((__gm__ half *)a, M * K);
    bGm.SetGlobalBuffer((__gm__ half *)b, K * N);
    cGm.SetGlobalBuffer((__gm__ float *)c, M * N);
    pipe.InitBuffer(a1Buf, M * KT * sizeof(half));
    pipe.InitBuffer(b1Buf, KT * N * sizeof(half));
    pipe.InitBuffer(a2Buf, M * KT * sizeof(half));
    pipe.InitBuffer(b2Buf, KT * N * sizeof(half));
    pipe.InitBuffer(c1Buf, M * N * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> a1 = a1Buf.Get<half>();
    LocalTensor<half> b1 = b1Buf.Get<half>();
    LocalTensor<half> a2 = a2Buf.Get<half>();
    LocalTensor<half> b2 = b2Buf.Get<half>();
    LocalTensor<float> c1 = c1Buf.Get<float>();
    SetFlag<HardEvent::MTE1_MTE2>(EVENT_ID0); // L1 starts free
    SetFlag<HardEvent::M_MTE1>(EVENT_ID0);    // L0A/L0B start free
    for (uint32_t kt = 0; kt < K / KT; ++kt) {
      WaitFlag<HardEvent::MTE1_MTE2>(EVENT_ID0);
      DataCopy(a1, aGm[kt * KT], Nd2NzParams(1, M, KT, 0, K, M, 1, 0));
      DataCopy(b1, bGm[kt * KT * N], Nd2NzParams(1, KT, N, 0, N, KT, 1, 0));
      SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
      WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
      WaitFlag<HardEvent::M_MTE1>(EVENT_ID0);
      LoadData(a2, a1, LoadData2DParams(0, M * KT / FRACTAL_ELEMS, 1, 0, 0, false, 0));
      LoadData(b2, b1, LoadData2DParams(0, KT * N / FRACTAL_ELEMS, 1, 0, 0, true, 0));
      SetFlag<HardEvent::MTE1_MTE2>(EVENT_ID0);
      SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
      WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
      MmadParams mp(M, N, KT, 0, false, kt == 0); // accumulate after the first K tile
      Mmad(c1, a2, b2, mp);
      SetFlag<HardEvent::M_MTE1>(EVENT_ID0);
    }
    WaitFlag<HardEvent::MTE1_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::M_MTE1>(EVENT_ID0);
    SetFlag<HardEvent::M_FIX>(EVENT_ID0);
    WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
    Fixpipe(cGm, c1, FixpipeParamsV220(N, M, M, N, false));
  }

private:
  TPipe pipe;
  TBuf<TPosition::A1> a1Buf;
  TBuf<TPosition::B1> b1Buf;
  TBuf<TPosition::A2> a2Buf;
  TBuf<TPosition::B2> b2Buf;
  TBuf<TPosition::CO1> c1Buf;
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
};

extern "C" __global__ __aicore__ void matmul_k(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  KernelMatmulK op;
  op.Init(a, b, c);
  op.Process();
}
