// lint: --target=ascend910b --target=ascend910_93 --target=ascend310b --target=ascend310p --target=ascend950
// Three double-buffered 64 KiB UB queues: 384 KiB of UB, more than any chip has.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t TILE_BYTES = 64 * 1024;

class KernelBigTiles {
public:
  __aicore__ inline KernelBigTiles() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
    xGm.SetGlobalBuffer((__gm__ float *)x);
    yGm.SetGlobalBuffer((__gm__ float *)y);
    zGm.SetGlobalBuffer((__gm__ float *)z);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, TILE_BYTES);
    pipe.InitBuffer(inQueueY, BUFFER_NUM, TILE_BYTES);
    pipe.InitBuffer(outQueueZ, BUFFER_NUM, TILE_BYTES); // expect: capacity-overflow
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, BUFFER_NUM> inQueueX, inQueueY;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQueueZ;
  GlobalTensor<float> xGm, yGm, zGm;
};

extern "C" __global__ __aicore__ void big_tiles(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  KernelBigTiles op;
  op.Init(x, y, z);
}
