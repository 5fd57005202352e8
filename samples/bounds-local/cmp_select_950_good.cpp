// lint: --target=ascend950
// Ascend 950 compare and select with the scalar in either operand position
// (Compares<T0, T1>(dst, scalar, src, mode, count), Select with a
// scalar src1): clamp negatives to 0. Each call covers the TILE elements its
// buffers hold. The bad twin (cmp_select_950_bad.cpp) selects over the row.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr uint32_t TILE = 2048;
constexpr uint32_t ROW = 4096;
constexpr int32_t BUFFER_NUM = 2;

class KernelClampNegative {
public:
  __aicore__ inline KernelClampNegative() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t tiles) {
    this->tiles = tiles;
    ASCENDC_ASSUME(tiles <= 65536); // the host never launches more tiles
    xGm.SetGlobalBuffer((__gm__ float *)x, tiles * TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, tiles * TILE);
    pipe.InitBuffer(maskBuf, TILE / 8); // first: 256 bytes off the queues' banks
    pipe.InitBuffer(inQ, BUFFER_NUM, TILE * sizeof(float));
    pipe.InitBuffer(outQ, BUFFER_NUM, TILE * sizeof(float));
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
    LocalTensor<uint8_t> mask = maskBuf.Get<uint8_t>();
    Compares<float, uint8_t>(mask, 0.0f, a, CMPMODE::LT, TILE); // 0 < a: the scalar first
    Select(b, mask, a, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, TILE);
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
  TBuf<TPosition::VECCALC> maskBuf;
  GlobalTensor<float> xGm, yGm;
  uint32_t tiles = 0;
};

extern "C" __global__ __aicore__ void clamp_negative(GM_ADDR x, GM_ADDR y, uint32_t tiles) {
  KernelClampNegative op;
  op.Init(x, y, tiles);
  op.Process();
}
