// lint: --target=ascend910b --target=ascend950
// Element-wise multiply with double-buffered input queues of 1 KiB per
// buffer: every buffer of inQueueY starts a multiple of 512 bytes after every
// buffer of inQueueX, so x and y always start in the same UB bank group (910B)
// and the same bank (950), and Mul's two reads are serialised.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr int32_t TILE_LENGTH = 256; // floats: 1024 bytes per buffer

struct MulTiling {
  uint32_t totalLength;
  uint32_t tileNum;
};

class KernelMul {
public:
  __aicore__ inline KernelMul() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const MulTiling &tiling) {
    tileNum = tiling.tileNum;
    ASCENDC_ASSUME(tileNum <= 64);
    uint32_t blockLength = tileNum * TILE_LENGTH;
    xGm.SetGlobalBuffer((__gm__ float *)x + blockLength * GetBlockIdx(), blockLength);
    yGm.SetGlobalBuffer((__gm__ float *)y + blockLength * GetBlockIdx(), blockLength);
    zGm.SetGlobalBuffer((__gm__ float *)z + blockLength * GetBlockIdx(), blockLength);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE_LENGTH * sizeof(float));
    pipe.InitBuffer(inQueueY, BUFFER_NUM, TILE_LENGTH * sizeof(float));
    pipe.InitBuffer(outQueueZ, BUFFER_NUM, TILE_LENGTH * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < tileNum; i++) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

private:
  __aicore__ inline void CopyIn(uint32_t progress) {
    LocalTensor<float> xLocal = inQueueX.AllocTensor<float>();
    LocalTensor<float> yLocal = inQueueY.AllocTensor<float>();
    DataCopy(xLocal, xGm[progress * TILE_LENGTH], TILE_LENGTH);
    DataCopy(yLocal, yGm[progress * TILE_LENGTH], TILE_LENGTH);
    inQueueX.EnQue(xLocal);
    inQueueY.EnQue(yLocal);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> xLocal = inQueueX.DeQue<float>();
    LocalTensor<float> yLocal = inQueueY.DeQue<float>();
    LocalTensor<float> zLocal = outQueueZ.AllocTensor<float>();
    Mul(zLocal, xLocal, yLocal, TILE_LENGTH); // expect-warning: perf-bank-conflict
    outQueueZ.EnQue<float>(zLocal);
    inQueueX.FreeTensor(xLocal);
    inQueueY.FreeTensor(yLocal);
  }
  __aicore__ inline void CopyOut(uint32_t progress) {
    LocalTensor<float> zLocal = outQueueZ.DeQue<float>();
    DataCopy(zGm[progress * TILE_LENGTH], zLocal, TILE_LENGTH);
    outQueueZ.FreeTensor(zLocal);
  }

  TPipe pipe;
  TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX, inQueueY;
  TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ;
  GlobalTensor<float> xGm, yGm, zGm;
  uint32_t tileNum = 0;
};

extern "C" __global__ __aicore__ void mul_custom(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR tilingGm) {
  MulTiling tiling = *reinterpret_cast<__gm__ MulTiling *>(tilingGm);
  KernelMul op;
  op.Init(x, y, z, tiling);
  op.Process();
}
