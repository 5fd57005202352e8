// lint: --target=ascend910b
// The bad twin of key_select_good: its host (op_host/) takes the one-shot
// path (TILING_KEY_IS(0)) for inputs of up to 16384 floats, and four buffers
// of 64 KiB do not fit in ascend910b's 192 KiB of UB. Found in the
// TILING_KEY=0 variant with the input shape that needs it; the tiled path
// (TILING_KEY=1) is proved.
#include "kernel_operator.h"
#include "scale_path_tiling_data.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

class KernelScaleOneShot {
public:
  __aicore__ inline KernelScaleOneShot() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength) {
    this->totalLength = totalLength;
    xGm.SetGlobalBuffer((__gm__ float *)x, totalLength);
    yGm.SetGlobalBuffer((__gm__ float *)y, totalLength);
    pipe.InitBuffer(inQ, BUFFER_NUM, totalLength * sizeof(float));
    pipe.InitBuffer(outQ, BUFFER_NUM, totalLength * sizeof(float)); // expect-warning: capacity-overflow
  }
  __aicore__ inline void Process() {
    LocalTensor<float> a = inQ.AllocTensor<float>();
    DataCopy(a, xGm, totalLength);
    inQ.EnQue(a);
    LocalTensor<float> b = outQ.AllocTensor<float>();
    LocalTensor<float> c = inQ.DeQue<float>();
    Muls(b, c, 2.0f, totalLength);
    outQ.EnQue(b);
    inQ.FreeTensor(c);
    LocalTensor<float> d = outQ.DeQue<float>();
    DataCopy(yGm, d, totalLength);
    outQ.FreeTensor(d);
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, BUFFER_NUM> inQ;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQ;
  GlobalTensor<float> xGm, yGm;
  uint32_t totalLength = 0;
};

class KernelScaleTiled {
public:
  __aicore__ inline KernelScaleTiled() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength, uint32_t tileLength) {
    this->tileLength = tileLength;
    this->tiles = totalLength / tileLength;
    xGm.SetGlobalBuffer((__gm__ float *)x, totalLength);
    yGm.SetGlobalBuffer((__gm__ float *)y, totalLength);
    pipe.InitBuffer(inQ, BUFFER_NUM, tileLength * sizeof(float));
    pipe.InitBuffer(outQ, BUFFER_NUM, tileLength * sizeof(float));
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
    DataCopy(a, xGm[i * tileLength], tileLength);
    inQ.EnQue(a);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> b = outQ.AllocTensor<float>();
    LocalTensor<float> c = inQ.DeQue<float>();
    Muls(b, c, 2.0f, tileLength);
    outQ.EnQue(b);
    inQ.FreeTensor(c);
  }
  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<float> d = outQ.DeQue<float>();
    DataCopy(yGm[i * tileLength], d, tileLength);
    outQ.FreeTensor(d);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, BUFFER_NUM> inQ;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQ;
  GlobalTensor<float> xGm, yGm;
  uint32_t tileLength = 0, tiles = 0;
};

extern "C" __global__ __aicore__ void scale_path(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  GET_TILING_DATA_WITH_STRUCT(ScalePathTilingData, tilingData, tiling);
  if (TILING_KEY_IS(0)) {
    KernelScaleOneShot op;
    op.Init(x, y, tilingData.totalLength);
    op.Process();
  } else if (TILING_KEY_IS(1)) {
    KernelScaleTiled op;
    op.Init(x, y, tilingData.totalLength, tilingData.tileLength);
    op.Process();
  }
}
