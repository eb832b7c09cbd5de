/** The node-type tree: which model labels may hold which (nodeTreeLabels). */

export interface NodeType {
  modelLabel: string;
  name: string;
  enName: string;
  nodeTypes: string[];
  roomType?: number[];
  children?: NodeType[];
}

const leaf = (modelLabel: string, name: string, enName: string, extra: Partial<NodeType> = {}): NodeType => ({
  modelLabel,
  name,
  enName,
  nodeTypes: [modelLabel],
  ...extra,
});

const devices = [leaf('meter', '表计', 'Meter'), leaf('device', '设备', 'Device')];

export const NODE_TYPE_TREE: NodeType[] = [
  {
    ...leaf('project', '项目', 'Project'),
    children: [
      {
        ...leaf('building', '建筑', 'Building'),
        children: [
          {
            ...leaf('floor', '楼层', 'Floor'),
            children: [
              {
                ...leaf('room', '房间', 'Room', { roomType: [1, 2, 3, 4, 5, 6] }),
                children: [
                  {
                    ...leaf('cabinet', '配电柜', 'Cabinet'),
                    children: [leaf('linesegment', '线段', 'Line segment'), ...devices],
                  },
                  { ...leaf('transformer', '变压器', 'Transformer'), children: devices },
                  ...devices,
                ],
              },
            ],
          },
        ],
      },
      {
        ...leaf('pipenetwork', '管网', 'Pipe network'),
        children: [
          leaf('pipe', '管道', 'Pipe'),
          leaf('valve', '阀门', 'Valve'),
          leaf('pump', '水泵', 'Pump'),
          ...devices,
        ],
      },
    ],
  },
];
