// lint: --target=ascend950
// The fixed twin of simt_local_array_bad.cpp: the scratch buffer holds the
// padded tile, ROWS * (COLS + 1) elements. Each thread writes its own
// padded position (the helper fills the thread's own array through a
// pointer), so the threads never write the same element.
#include "kernel_operator.h"
#include "simt_api/asc_simt.h"

using namespace AscendC;

constexpr uint32_t ROWS = 16;
constexpr uint32_t COLS = 16;
constexpr uint32_t THREADS = ROWS * COLS;
constexpr uint32_t PADDED = ROWS * (COLS + 1);

__simt_callee__ __aicore__ inline void SplitIndex(uint32_t flat, uint32_t *pos) {
  pos[0] = flat / COLS;
  pos[1] = flat % COLS;
}

__simt_vf__ __aicore__ LAUNCH_BOUND(THREADS) inline void PadRows(__gm__ float *src, __ubuf__ float *dst) {
  uint32_t t = threadIdx.x;
  uint32_t pos[2]{0};
  SplitIndex(t, pos);
  dst[pos[0] * (COLS + 1) + pos[1]] = src[t];
}

extern "C" __global__ __aicore__ void pad_rows(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> tmp;
  pipe.InitBuffer(tmp, PADDED * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, THREADS);
  yGm.SetGlobalBuffer((__gm__ float *)y, PADDED);
  LocalTensor<float> buf = tmp.Get<float>();
  asc_vf_call<PadRows>(dim3(THREADS), (__gm__ float *)xGm.GetPhyAddr(), (__ubuf__ float *)buf.GetPhyAddr());
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, buf, PADDED);
}
