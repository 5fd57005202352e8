// lint: --target=ascend910b --target=ascend950
// An add kernel whose tile length comes from the host's tiling. Nothing
// bounds tileLength, so a DataCopy of tileLength halves may not be a whole
// number of 32-byte blocks (e.g. tileLength=17), and the buffers may not fit.
// The tile offsets `i * tileLength` are uint32_t products: they wrap for
// tensors above 2^32 elements (param-range).
#include "kernel_operator.h"

using namespace AscendC;

struct AddTilingData {
  uint32_t totalLength;
  uint32_t tileNum;
  uint32_t tileLength;
};

constexpr int32_t BUFFER_NUM = 2;

class KernelAdd {
public:
  __aicore__ inline KernelAdd() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR z, const AddTilingData &tiling) {
    tileLength = tiling.tileLength;
    tileNum = tiling.tileNum;
    blockLength = tiling.totalLength / GetBlockNum();
    xGm.SetGlobalBuffer((__gm__ half *)x + blockLength * GetBlockIdx(), blockLength);
    zGm.SetGlobalBuffer((__gm__ half *)z + blockLength * GetBlockIdx(), blockLength);
    pipe.InitBuffer(inQueueX, BUFFER_NUM, tileLength * sizeof(half));
    pipe.InitBuffer(outQueueZ, BUFFER_NUM, tileLength * sizeof(half)); // expect-warning: capacity-overflow
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < tileNum; i++) {
      LocalTensor<half> x = inQueueX.AllocTensor<half>();
      DataCopy(x, xGm[i * tileLength], tileLength); // expect-warning: align-copy-length, bounds-global, bounds-local, param-range
      inQueueX.EnQue(x);
      LocalTensor<half> xl = inQueueX.DeQue<half>();
      LocalTensor<half> z = outQueueZ.AllocTensor<half>();
      Muls(z, xl, (half)2, tileLength);
      outQueueZ.EnQue(z);
      inQueueX.FreeTensor(xl);
      LocalTensor<half> zl = outQueueZ.DeQue<half>();
      DataCopy(zGm[i * tileLength], zl, tileLength); // expect-warning: align-copy-length, bounds-global, bounds-local, uninit-read, param-range
      outQueueZ.FreeTensor(zl);
    }
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, BUFFER_NUM> inQueueX;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQueueZ;
  GlobalTensor<half> xGm, zGm;
  uint32_t tileLength = 0, tileNum = 0, blockLength = 0;
};

extern "C" __global__ __aicore__ void add_tiling(GM_ADDR x, GM_ADDR z, GM_ADDR tilingGm) {
  AddTilingData tiling = *reinterpret_cast<__gm__ AddTilingData *>(tilingGm);
  KernelAdd op;
  op.Init(x, z, tiling);
  op.Process();
}
