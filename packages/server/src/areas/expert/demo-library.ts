/** The expert library every demo tenant starts with (simulator/expert.ts): fault scenarios and handling plans. */
import { EVENT_CLASS, LOG_TYPE } from '@eem/core';

export interface DemoScenario {
  name: string;
  deviceClassified: string;
  eventClassified: number | null;
  logTypes: number[];
  causes: string[];
  checks: string[];
}

export interface DemoPlan {
  name: string;
  steps: { text: string; role: string }[];
  /** Names of the scenarios it handles. */
  scenarios: string[];
}

const PQ = [LOG_TYPE.powerQuality];

export const DEMO_SCENARIOS: DemoScenario[] = [
  {
    name: 'Transformer over-temperature',
    deviceClassified: 'transformer',
    eventClassified: EVENT_CLASS.alarm,
    logTypes: [],
    causes: [
      'Sustained load above the rated capacity',
      'Cooling fans stopped or radiator fins blocked',
      'High harmonic current heating the windings',
      'Ambient temperature of the transformer room too high',
    ],
    checks: [
      'Read the winding and oil temperatures and the load ratio of the last 24 h',
      'Check that the cooling fans run and the radiators are clean',
      'Measure the current THD on the low-voltage side',
      'Check the room ventilation and the air-conditioning',
    ],
  },
  {
    name: 'Over-current trip',
    deviceClassified: 'linesegment',
    eventClassified: EVENT_CLASS.accident,
    logTypes: [],
    causes: [
      'Short circuit on the feeder or in a connected device',
      'Overload from a large motor start or too many loads at once',
      'Protection setting too low for the present load',
    ],
    checks: [
      'Read the protection relay record: trip current, phase and time',
      'Inspect the feeder and the cable terminations for burns or insulation damage',
      'Measure the insulation resistance before closing the breaker again',
      'Compare the load of the last hours with the protection settings',
    ],
  },
  {
    name: 'Voltage sag (undervoltage)',
    deviceClassified: 'meter',
    eventClassified: EVENT_CLASS.warning,
    logTypes: PQ,
    causes: [
      'Fault on the utility network or a neighbouring feeder',
      'Start of a large motor or transformer energisation on site',
      'Loose connection or undersized cable on the affected phase',
    ],
    checks: [
      'Compare the sag time with the utility event log and the motor starts',
      'Check which phases sagged and how deep (ITIC region)',
      'Check sensitive equipment (VFDs, PLCs, contactors) for stops at that time',
      'Inspect the terminations of the affected phase',
    ],
  },
  {
    name: 'Voltage swell (overvoltage)',
    deviceClassified: 'meter',
    eventClassified: EVENT_CLASS.warning,
    logTypes: PQ,
    causes: [
      'Large load switched off',
      'Capacitor bank switched on at light load',
      'Single-phase fault raising the healthy phases',
    ],
    checks: [
      'Check the capacitor bank switching log at the swell time',
      'Check which loads were switched off at that time',
      'Check the transformer tap position',
    ],
  },
  {
    name: 'Supply interruption',
    deviceClassified: 'meter',
    eventClassified: EVENT_CLASS.alarm,
    logTypes: PQ,
    causes: ['Upstream breaker trip or utility outage', 'Automatic reclosing after a network fault'],
    checks: [
      'Ask the utility about outages and reclosing at that time',
      'Check the breakers upstream of the meter',
      'Check that the loads restarted and the UPS switched over',
    ],
  },
  {
    name: 'Transient overvoltage',
    deviceClassified: 'meter',
    eventClassified: EVENT_CLASS.general,
    logTypes: PQ,
    causes: ['Capacitor bank switching', 'Lightning on the overhead network', 'Switching of inductive loads'],
    checks: [
      'Check the surge protection devices and their indicators',
      'Correlate with capacitor switching and thunderstorm reports',
      'Check electronics on the feeder for damage',
    ],
  },
  {
    name: 'Harmonic distortion (voltage THD)',
    deviceClassified: 'meter',
    eventClassified: null,
    logTypes: PQ,
    causes: [
      'Many VFDs, rectifiers or LED drivers without filters',
      'Resonance between the capacitor bank and the network',
    ],
    checks: [
      'Measure the voltage and current THD and the dominant harmonic orders',
      'Check the detuning reactors of the capacitor bank',
      'Consider an active harmonic filter on the feeder',
    ],
  },
  {
    name: 'Voltage deviation',
    deviceClassified: 'meter',
    eventClassified: null,
    logTypes: PQ,
    causes: [
      'Transformer tap set for a different load level',
      'Long or undersized feeder cable',
      'Unbalanced single-phase loads',
    ],
    checks: [
      'Compare the three phase voltages over the day with the load',
      'Check the transformer tap position',
      'Check the load balance between the phases',
    ],
  },
  {
    name: 'Low power factor',
    deviceClassified: 'meter',
    eventClassified: null,
    logTypes: [LOG_TYPE.efficiency, LOG_TYPE.efficiencyWarning],
    causes: [
      'Capacitor bank steps out of service or fuses blown',
      'Motors running at light load',
      'Power factor controller set too low',
    ],
    checks: [
      'Check the capacitor bank steps and the controller setting',
      'Read the reactive power trend of the day',
      'Check the power factor penalty on the latest bill',
    ],
  },
  {
    name: 'Communication loss',
    deviceClassified: '',
    eventClassified: null,
    logTypes: [LOG_TYPE.deviceOffline],
    causes: [
      'Gateway or switch without power',
      'RS-485 bus broken or terminated wrongly',
      'Wrong address or baud rate after a device replacement',
    ],
    checks: [
      'Check the power and the link lights of the gateway',
      'Check the bus wiring and the termination resistors',
      'Compare the device address and baud rate with the configuration',
    ],
  },
  {
    name: 'Demand over threshold',
    deviceClassified: 'meter',
    eventClassified: null,
    logTypes: [LOG_TYPE.demandOverThreshold, LOG_TYPE.demandWarning],
    causes: [
      'Several large loads started within one demand window',
      'Production shifted into the peak period',
    ],
    checks: [
      'See which loads rose in the window',
      'Stagger the start of large loads',
      'Review the declared demand',
    ],
  },
];

export const DEMO_PLANS: DemoPlan[] = [
  {
    name: 'Transformer overheating response',
    steps: [
      { text: 'Confirm the temperature reading on site', role: 'Operator' },
      { text: 'Shed non-critical loads until the temperature falls', role: 'Shift leader' },
      { text: 'Start standby cooling and clean the radiators', role: 'Electrician' },
      { text: 'Record the cause and open a repair order if needed', role: 'Operator' },
    ],
    scenarios: ['Transformer over-temperature'],
  },
  {
    name: 'Feeder trip recovery',
    steps: [
      { text: 'Isolate the tripped feeder and lock it out', role: 'Electrician' },
      { text: 'Read the relay record and inspect the feeder', role: 'Electrician' },
      { text: 'Measure insulation resistance', role: 'Electrician' },
      { text: 'Restore supply with the shift leader’s approval', role: 'Shift leader' },
    ],
    scenarios: ['Over-current trip'],
  },
  {
    name: 'Voltage disturbance investigation',
    steps: [
      { text: 'Open the waveform and note phases, depth and duration', role: 'Operator' },
      { text: 'Check production stops and equipment alarms at that time', role: 'Operator' },
      { text: 'Ask the utility for network events at that time', role: 'Energy manager' },
      { text: 'Decide on ride-through measures (UPS, contactor hold-in)', role: 'Energy manager' },
    ],
    scenarios: [
      'Voltage sag (undervoltage)',
      'Voltage swell (overvoltage)',
      'Transient overvoltage',
      'Voltage deviation',
      'Harmonic distortion (voltage THD)',
    ],
  },
  {
    name: 'Supply interruption response',
    steps: [
      { text: 'Check that emergency supplies and the UPS took over', role: 'Operator' },
      { text: 'Restart critical loads in order', role: 'Shift leader' },
      { text: 'Report the outage to the utility', role: 'Energy manager' },
    ],
    scenarios: ['Supply interruption'],
  },
  {
    name: 'Power factor correction',
    steps: [
      { text: 'Check the capacitor bank and its controller', role: 'Electrician' },
      { text: 'Replace failed steps or fuses', role: 'Electrician' },
      { text: 'Verify the power factor over the next day', role: 'Energy manager' },
    ],
    scenarios: ['Low power factor'],
  },
  {
    name: 'Meter communication restoration',
    steps: [
      { text: 'Check the gateway power and links', role: 'Operator' },
      { text: 'Check the bus wiring and device settings', role: 'Electrician' },
      { text: 'Confirm data arrives again and fill the gap', role: 'Operator' },
    ],
    scenarios: ['Communication loss'],
  },
  {
    name: 'Demand peak shaving',
    steps: [
      { text: 'Identify the loads that raised the demand', role: 'Operator' },
      { text: 'Postpone or stagger deferrable loads', role: 'Shift leader' },
    ],
    scenarios: ['Demand over threshold'],
  },
];
