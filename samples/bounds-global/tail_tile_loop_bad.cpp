// lint: --target=ascend910b
// The bad twin of ../uninit-read/tail_tile_loop_good.cpp: the last tile is
// copied in with the full tile length, past the end of this core's block
// whenever the tile does not divide it.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

struct TailTiling {
  uint32_t totalLength;
  uint32_t blockFactor;
  uint32_t tileLength;
};

class KernelTailScale {
public:
  __aicore__ inline KernelTailScale() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const TailTiling &t) {
    ASCENDC_ASSUME(t.tileLength >= 8 && t.tileLength <= 8192 && t.tileLength % 8 == 0);
    ASCENDC_ASSUME(t.blockFactor >= 1 && t.totalLength <= (1u << 24));
    int64_t offset = int64_t(GetBlockIdx()) * t.blockFactor;
    int64_t remain = int64_t(t.totalLength) - offset;
    blockLength = remain > int64_t(t.blockFactor) ? int64_t(t.blockFactor) : remain;
    tileLength = t.tileLength;
    xGm.SetGlobalBuffer((__gm__ float *)x + offset, blockLength);
    yGm.SetGlobalBuffer((__gm__ float *)y + offset, blockLength);
    pipe.InitBuffer(inQueue, BUFFER_NUM, tileLength * sizeof(float));
    pipe.InitBuffer(outQueue, BUFFER_NUM, tileLength * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (blockLength <= 0) {
      return;
    }
    int64_t loopCount = (blockLength + tileLength - 1) / tileLength;
    for (int64_t i = 0; i < loopCount; i++) {
      int64_t curLen = (i == loopCount - 1) ? blockLength - tileLength * i : tileLength;
      CopyIn(i, tileLength); // the tail copied with the aligned length
      Compute(curLen);
      CopyOut(i, curLen);
    }
  }

private:
  __aicore__ inline void CopyIn(int64_t i, int64_t len) {
    LocalTensor<float> xLocal = inQueue.AllocTensor<float>();
    DataCopyParams params;
    params.blockCount = 1;
    params.blockLen = static_cast<uint32_t>(len * sizeof(float));
    params.srcStride = 0;
    params.dstStride = 0;
    DataCopyPad(xLocal, xGm[i * tileLength], params, {false, 0, 0, 0}); // expect-warning: bounds-global
    inQueue.EnQue(xLocal);
  }
  __aicore__ inline void Compute(int64_t len) {
    LocalTensor<float> xLocal = inQueue.DeQue<float>();
    LocalTensor<float> yLocal = outQueue.AllocTensor<float>();
    Muls(yLocal, xLocal, 2.0f, len);
    outQueue.EnQue<float>(yLocal);
    inQueue.FreeTensor(xLocal);
  }
  __aicore__ inline void CopyOut(int64_t i, int64_t len) {
    LocalTensor<float> yLocal = outQueue.DeQue<float>();
    DataCopyParams params;
    params.blockCount = 1;
    params.blockLen = static_cast<uint32_t>(len * sizeof(float));
    params.srcStride = 0;
    params.dstStride = 0;
    DataCopyPad(yGm[i * tileLength], yLocal, params);
    outQueue.FreeTensor(yLocal);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, BUFFER_NUM> inQueue;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQueue;
  GlobalTensor<float> xGm, yGm;
  int64_t blockLength = 0;
  int64_t tileLength = 0;
};

extern "C" __global__ __aicore__ void tail_scale(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  KernelTailScale op;
  op.Init(x, y, *(__gm__ TailTiling *)tiling);
  op.Process();
}
