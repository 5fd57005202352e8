// lint: --target=ascend910b --target=ascend950 --checks=*,-perf-bank-conflict
// Good twin of deque_without_enque_bad.cpp: every DeQue has its EnQue, and
// the optional bias tile is enqueued and dequeued under the same condition.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t TILE = 1024;

class KernelAddTilesBias {
public:
  __aicore__ inline KernelAddTilesBias() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR b, GM_ADDR z, uint32_t tiles, uint32_t hasBias) {
    this->tiles = tiles;
    ASCENDC_ASSUME(tiles <= 65536); // the host never launches more tiles
    this->hasBias = hasBias;
    xGm.SetGlobalBuffer((__gm__ float *)x, tiles * TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, tiles * TILE);
    bGm.SetGlobalBuffer((__gm__ float *)b, TILE);
    zGm.SetGlobalBuffer((__gm__ float *)z, tiles * TILE);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE * sizeof(float));
    pipe.InitBuffer(inQueueY, BUFFER_NUM, TILE * sizeof(float));
    pipe.InitBuffer(biasQueue, 1, TILE * sizeof(float));
    pipe.InitBuffer(outQueueZ, BUFFER_NUM, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < tiles; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

private:
  __aicore__ inline void CopyIn(uint32_t i) {
    LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();
    LocalTensor<float> yLocal = inQueueY.AllocTensor<float>();
    DataCopy(xLocal, xGm[i * TILE], TILE);
    DataCopy(yLocal, yGm[i * TILE], TILE);
    inQueueX.EnQue(xLocal);
    inQueueY.EnQue(yLocal);
    if (hasBias != 0) {
      LocalTensor<float> bLocal = biasQueue.AllocTensor<float>();
      DataCopy(bLocal, bGm, TILE);
      biasQueue.EnQue(bLocal);
    }
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> xLocal = inQueueX.DeQue<float>();
    LocalTensor<float> yLocal = inQueueY.DeQue<float>();
    LocalTensor<float> zLocal = outQueueZ.AllocTensor<float>();
    Add(zLocal, xLocal, yLocal, TILE);
    if (hasBias != 0) {
      LocalTensor<float> bLocal = biasQueue.DeQue<float>();
      Add(zLocal, zLocal, bLocal, TILE);
      biasQueue.FreeTensor(bLocal);
    }
    outQueueZ.EnQue(zLocal);
    inQueueX.FreeTensor(xLocal);
    inQueueY.FreeTensor(yLocal);
  }
  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<float> zLocal = outQueueZ.DeQue<float>();
    DataCopy(zGm[i * TILE], zLocal, TILE);
    outQueueZ.FreeTensor(zLocal);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, BUFFER_NUM> inQueueX, inQueueY;
  TQue<TPosition::VECIN, 1> biasQueue;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQueueZ;
  GlobalTensor<float> xGm, yGm, bGm, zGm;
  uint32_t tiles, hasBias;
};

extern "C" __global__ __aicore__ void add_tiles_bias(GM_ADDR x, GM_ADDR y, GM_ADDR b, GM_ADDR z, uint32_t tiles,
                                                     uint32_t hasBias) {
  KernelAddTilesBias op;
  op.Init(x, y, b, z, tiles, hasBias);
  op.Process();
}
