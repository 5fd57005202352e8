// lint: --target=ascend910b
// High-level math functions in their count forms: Asin with a caller-provided
// scratch buffer, Sigmoid without one. Each processes the TILE elements its
// buffers hold. The bad twin (adv_math_count_bad.cpp) passes the row length.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr uint32_t TILE = 1024;
constexpr uint32_t ROW = 2048;
constexpr int32_t BUFFER_NUM = 2;

class KernelAsinSigmoid {
public:
  __aicore__ inline KernelAsinSigmoid() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t tiles) {
    this->tiles = tiles;
    ASCENDC_ASSUME(tiles <= 65536); // the host never launches more tiles
    xGm.SetGlobalBuffer((__gm__ float *)x, tiles * TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, tiles * TILE);
    pipe.InitBuffer(inQ, BUFFER_NUM, TILE * sizeof(float));
    pipe.InitBuffer(outQ, BUFFER_NUM, TILE * sizeof(float));
    pipe.InitBuffer(scratch, 8 * 1024);
    pipe.InitBuffer(mid, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < tiles; i++) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

private:
  __aicore__ inline void CopyIn(uint32_t i) {
    LocalTensor<float> a = inQ.AllocTensor<float>();
    DataCopy(a, xGm[i * TILE], TILE);
    inQ.EnQue(a);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> a = inQ.DeQue<float>();
    LocalTensor<float> b = outQ.AllocTensor<float>();
    LocalTensor<uint8_t> tmp = scratch.Get<uint8_t>();
    LocalTensor<float> m = mid.Get<float>();
    Asin(m, a, tmp, TILE);
    Sigmoid(b, m, TILE);
    outQ.EnQue(b);
    inQ.FreeTensor(a);
  }
  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<float> b = outQ.DeQue<float>();
    DataCopy(yGm[i * TILE], b, TILE);
    outQ.FreeTensor(b);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, BUFFER_NUM> inQ;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQ;
  TBuf<TPosition::VECCALC> scratch, mid;
  GlobalTensor<float> xGm, yGm;
  uint32_t tiles = 0;
};

extern "C" __global__ __aicore__ void asin_sigmoid(GM_ADDR x, GM_ADDR y, uint32_t tiles) {
  KernelAsinSigmoid op;
  op.Init(x, y, tiles);
  op.Process();
}
