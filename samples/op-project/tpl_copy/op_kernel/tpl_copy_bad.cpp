// lint: --target=ascend910b
// A kernel template only the build instantiates (ASCENDC_TPL_SEL in
// tpl_copy_tiling_key.h): schMode 0 copies one tile per step, 1 and 2 copy
// two. The slots are sized for two tiles in schMode 1 only, so schMode 2
// overflows them: the bug is in the variants [TPL schMode=2, isDouble=0] only.
#include "kernel_operator.h"
#include "tpl_copy_tiling_key.h"
using namespace AscendC;

template <uint32_t schMode>
class KernelTplCopy {
public:
    __aicore__ inline KernelTplCopy() {}
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength, uint32_t tileLength, uint32_t depth)
    {
        this->copyLength = (schMode == TPL_COPY_MODE_ONE ? 1 : 2) * tileLength;
        this->steps = totalLength / copyLength;
        xGm.SetGlobalBuffer((__gm__ float*)x, totalLength);
        yGm.SetGlobalBuffer((__gm__ float*)y, totalLength);
        // Two tiles per slot in schMode 1; schMode 2 was meant to as well.
        uint32_t slotTiles = schMode == TPL_COPY_MODE_TWO ? 2 : 1;
        pipe.InitBuffer(queue, depth, slotTiles * tileLength * sizeof(float));
    }
    __aicore__ inline void Process()
    {
        for (uint32_t i = 0; i < steps; i++) {
            LocalTensor<float> local = queue.AllocTensor<float>();
            DataCopy(local, xGm[i * copyLength], copyLength); // expect: bounds-local
            queue.EnQue(local);
            local = queue.DeQue<float>();
            DataCopy(yGm[i * copyLength], local, copyLength); // expect: bounds-local
            queue.FreeTensor(local);
        }
    }

private:
    TPipe pipe;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 2> queue;
    GlobalTensor<float> xGm, yGm;
    uint32_t copyLength = 0, steps = 0;
};

template <uint32_t schMode, bool isDouble>
__global__ __aicore__ void tpl_copy(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    ASCENDC_ASSUME(tilingData.tileLength > 0 && tilingData.tileLength <= 4096 && tilingData.tileLength % 16 == 0);
    KernelTplCopy<schMode> op;
    op.Init(x, y, tilingData.totalLength, tilingData.tileLength, isDouble ? 2 : 1);
    op.Process();
}
