// lint: --target=ascend910b
// The twin of quebind_user_positions_good.cpp with the plain EnQue / DeQue. On
// a TQueBind<VECIN, VECOUT> they set and wait MTE2_MTE3 (GetQueEvt(UB, UB)):
// the event of a copy that passes through UB untouched. The vector Cast in
// between is ordered by neither: it may read the tile before MTE2 has written
// it, and MTE3 may copy the result out before the Cast has written it.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 2048; // elements per tile
constexpr uint32_t MAX_TILES = 1024;

struct CastTiling {
  uint32_t tileNum;
};

class KernelCastThrough {
public:
  __aicore__ inline KernelCastThrough() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const CastTiling &t) {
    tileNum = t.tileNum;
    xGm.SetGlobalBuffer((__gm__ half *)x + GetBlockIdx() * TILE * MAX_TILES, TILE * MAX_TILES);
    yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * TILE * MAX_TILES, TILE * MAX_TILES);
    pipe.InitBuffer(inBind, 1, TILE * sizeof(half));
    pipe.InitBuffer(outBind, 1, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (tileNum > MAX_TILES)
      return;
    for (uint32_t i = 0; i < tileNum; ++i) {
      LocalTensor<half> in = inBind.AllocTensor<half>();
      DataCopy(in, xGm[i * TILE], TILE); // expect-error: sync-race
      inBind.EnQue(in);
      in = inBind.DeQue<half>();
      LocalTensor<float> out = outBind.AllocTensor<float>();
      Cast(out, in, RoundMode::CAST_NONE, TILE); // expect-error: sync-race, sync-race
      outBind.EnQue(out);
      out = outBind.DeQue<float>();
      DataCopy(yGm[i * TILE], out, TILE); // expect-error: sync-race
      outBind.FreeTensor(out);
      inBind.FreeTensor(in);
    }
  }

private:
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> inBind, outBind;
  GlobalTensor<half> xGm;
  GlobalTensor<float> yGm;
  uint32_t tileNum = 0;
};

extern "C" __global__ __aicore__ void cast_through(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  CastTiling t = *reinterpret_cast<__gm__ CastTiling *>(tiling);
  KernelCastThrough op;
  op.Init(x, y, t);
  op.Process();
}
