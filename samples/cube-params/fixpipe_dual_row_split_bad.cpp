// lint: --target=ascend950
// Ascend 950 mixed kernel: the cube computes an mTile x 64 tile and Fixpipe
// sends it straight from L0C to the UBs of both vector cores, split by rows
// (dualDstCtl = 1). Each vector core gets mSize / 2 rows, so mSize must be
// even; mTile comes from the tiling and may be odd. (L0C -> UB exists only on
// Ascend 950.)
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr uint32_t MAX_M = 128, N = 64, K = 64;

struct TileTiling {
  uint32_t mTile; // rows of this core's tile, 1..128
};

class KernelMatmulToUb {
public:
  __aicore__ inline KernelMatmulToUb() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c, const TileTiling &tiling) {
    mTile = tiling.mTile;
    ASCENDC_ASSUME(mTile >= 1 && mTile <= MAX_M);
    mAlign = (mTile + 15) / 16 * 16;
    aGm.SetGlobalBuffer((__gm__ half *)a, MAX_M * K);
    bGm.SetGlobalBuffer((__gm__ half *)b, K * N);
    cGm.SetGlobalBuffer((__gm__ float *)c, MAX_M * N);
    pipe.InitBuffer(a1Buf, MAX_M * K * sizeof(half));
    pipe.InitBuffer(b1Buf, K * N * sizeof(half));
    pipe.InitBuffer(a2Buf, MAX_M * K * sizeof(half));
    pipe.InitBuffer(b2Buf, K * N * sizeof(half));
    pipe.InitBuffer(c1Buf, MAX_M * N * sizeof(float));
    pipe.InitBuffer(cUbBuf, MAX_M / 2 * N * sizeof(float)); // half of the rows per vector core
  }
  __aicore__ inline void Process() {
    if ASCEND_IS_AIC {
      Compute();
      CrossCoreSetFlag<2, PIPE_FIX>(3);
    }
    if ASCEND_IS_AIV {
      CrossCoreWaitFlag(3);
      LocalTensor<float> cUb = cUbBuf.Get<float>();
      uint32_t rows = mTile / 2;
      DataCopy(cGm[GetSubBlockIdx() * rows * N], cUb, rows * N);
    }
  }

private:
  __aicore__ inline void Compute() {
    LocalTensor<half> a1 = a1Buf.Get<half>();
    LocalTensor<half> b1 = b1Buf.Get<half>();
    LocalTensor<half> a2 = a2Buf.Get<half>();
    LocalTensor<half> b2 = b2Buf.Get<half>();
    LocalTensor<float> c1 = c1Buf.Get<float>();
    LocalTensor<float> cUb = cUbBuf.Get<float>();
    DataCopy(a1, aGm, Nd2NzParams(1, mTile, K, 0, K, mAlign, 1, 0));
    DataCopy(b1, bGm, Nd2NzParams(1, K, N, 0, N, K, 1, 0));
    SetFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE1>(EVENT_ID0);
    LoadData(a2, a1, LoadData2DParams(0, mAlign * K / 256, 1, 0, 0, false, 0));
    LoadData(b2, b1, LoadData2DParams(0, K * N / 256, 1, 0, 0, true, 0));
    SetFlag<HardEvent::MTE1_M>(EVENT_ID0);
    WaitFlag<HardEvent::MTE1_M>(EVENT_ID0);
    Mmad(c1, a2, b2, MmadParams(mTile, N, K, 0, false, true));
    SetFlag<HardEvent::M_FIX>(EVENT_ID0);
    WaitFlag<HardEvent::M_FIX>(EVENT_ID0);
    FixpipeParamsArch3510<CO2Layout::ROW_MAJOR> fix;
    fix.mSize = mTile;
    fix.nSize = N;
    fix.srcStride = mAlign;
    fix.dstStride = N;
    fix.dualDstCtl = 1; // split M between the two vector cores
    Fixpipe<float, float, CFG_ROW_MAJOR_UB>(cUb, c1, fix); // expect-warning: cube-params
  }

  static constexpr FixpipeConfig CFG_ROW_MAJOR_UB = {CO2Layout::ROW_MAJOR, true};
  TPipe pipe;
  TBuf<TPosition::A1> a1Buf;
  TBuf<TPosition::B1> b1Buf;
  TBuf<TPosition::A2> a2Buf;
  TBuf<TPosition::B2> b2Buf;
  TBuf<TPosition::CO1> c1Buf;
  TBuf<TPosition::VECOUT> cUbBuf;
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> cGm;
  uint32_t mTile, mAlign;
};

extern "C" __global__ __aicore__ void matmul_to_ub(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR tilingGm) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  auto tiling = reinterpret_cast<__gm__ TileTiling *>(tilingGm);
  KernelMatmulToUb op;
  op.Init(a, b, c, *tiling);
  op.Process();
}
