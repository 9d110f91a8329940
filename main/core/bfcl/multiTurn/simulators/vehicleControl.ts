// BFCL's VehicleControlAPI: doors, engine, brakes, climate, cruise control and a few lookups. Values keep the types
// the scenario or the call gave them (`fillFuelTank(15)` leaves an int fuel level), as the state check sees them.
import { add, float, gt, iter, le, lt, mod, mul, num, pyEquals, PyDict, str, sub, toFloat, truediv, truthy, type Py } from '../py.ts';
import { PyRandom } from '../pyRandom.ts';
import { AttributeSimulator, configGet, method, type BackendConstants, type Method } from '../simulator.ts';

const MAX_FUEL_LEVEL = 50;
const MIN_FUEL_LEVEL = float(0);
const MILE_PER_GALLON = float(20);

const DISTANCES: [string, string, number][] = [
  ['83214', '74532', 750],
  ['56108', '62947', 320],
  ['71354', '83462', 450],
  ['47329', '52013', 290],
  ['69238', '51479', 630],
  ['94016', '83214', 980],
  ['94016', '94704', 600],
  ['94704', '08540', 2550],
  ['94016', '08540', 1950],
  ['62947', '47329', 1053],
  ['94016', '62947', 780],
  ['74532', '94016', 880],
];
const ZIPCODES: Record<string, string> = {
  Rivermist: '83214',
  Stonebrook: '74532',
  Maplecrest: '56108',
  Silverpine: '62947',
  Shadowridge: '71354',
  'Sunset Valley': '83462',
  Oakendale: '47329',
  Willowbend: '52013',
  'Crescent Hollow': '69238',
  Autumnville: '51479',
  'San Francisco': '94016',
};

const PUBLIC = [
  'fuelLevel',
  'batteryVoltage',
  'engine_state',
  'remainingUnlockedDoors',
  'doorStatus',
  'acTemperature',
  'fanSpeed',
  'acMode',
  'humidityLevel',
  'headLightStatus',
  'parkingBrakeStatus',
  'brakePedalStatus',
  'distanceToNextVehicle',
  'cruiseStatus',
  'destination',
  'frontLeftTirePressure',
  'frontRightTirePressure',
  'rearLeftTirePressure',
  'rearRightTirePressure',
  'long_context',
] as const;
type Attr = (typeof PUBLIC)[number];

export class VehicleControl extends AttributeSimulator<Attr> {
  readonly className = 'VehicleControlAPI';
  private parkingBrakeForce: Py = float(0);
  private slopeAngle: Py = float(0);
  private brakePedalForce: Py = float(0);
  private random = new PyRandom(141053);

  constructor(constants: BackendConstants) {
    super(constants, PUBLIC);
  }

  private get longContext(): boolean {
    return this.get('long_context') === true;
  }

  override loadScenario(config: PyDict, longContext: boolean): void {
    const defaults = this.defaults('vehicle_control.py');
    const pick = (key: string, defaultKey = key): Py => configGet(config, key, defaults.item(defaultKey));
    this.random = new PyRandom(num(pick('random_seed'))!);
    this.set('fuelLevel', pick('fuelLevel'));
    this.set('batteryVoltage', pick('batteryVoltage'));
    this.set('engine_state', pick('engineState', 'engine_state'));
    this.set('remainingUnlockedDoors', pick('remainingUnlockedDoors'));
    const doors = pick('doorStatus') as PyDict;
    this.set('doorStatus', doors);
    this.set('remainingUnlockedDoors', 4 - doors.keys().filter((d) => doors.item(d) === 'locked').length);
    for (const key of ['acTemperature', 'fanSpeed', 'acMode', 'humidityLevel', 'headLightStatus', 'parkingBrakeStatus'] as const) this.set(key, pick(key));
    this.parkingBrakeForce = pick('parkingBrakeForce', '_parkingBrakeForce');
    this.slopeAngle = pick('slopeAngle', '_slopeAngle');
    this.set('brakePedalStatus', pick('brakePedalStatus'));
    this.brakePedalForce = pick('brakePedalForce');
    for (const key of [
      'distanceToNextVehicle',
      'cruiseStatus',
      'destination',
      'frontLeftTirePressure',
      'frontRightTirePressure',
      'rearLeftTirePressure',
      'rearRightTirePressure',
    ] as const)
      this.set(key, pick(key));
    this.set('long_context', longContext);
  }

  private lock(unlock: Py, doors: Py): PyDict {
    const status = this.get('doorStatus') as PyDict;
    const target = truthy(unlock) ? 'unlocked' : 'locked';
    for (const d of iter(doors)) {
      if (status.item(d) === target) continue;
      status.set(d, target);
      this.set('remainingUnlockedDoors', add(this.get('remainingUnlockedDoors'), target === 'unlocked' ? 1 : -1));
    }
    return PyDict.of({ lockStatus: target, remainingUnlockedDoors: this.get('remainingUnlockedDoors') });
  }

  private parkingBrake(mode: 'engaged' | 'released', force: number): PyDict {
    this.set('parkingBrakeStatus', mode);
    this.parkingBrakeForce = float(force);
    this.slopeAngle = float(10);
    const answer = PyDict.of({ parkingBrakeStatus: mode, _parkingBrakeForce: float(force), _slopeAngle: float(10) });
    return this.longContext ? new PyDict([['parkingBrakeInstruction', this.extension('PARKING_BRAKE_INSTRUCTION')], ...answer.items()]) : answer;
  }

  readonly methods: Record<string, Method> = {
    startEngine: method(['ignitionMode'], (mode) => {
      if (mode === 'STOP') this.set('engine_state', 'stopped');
      if (gt(this.get('remainingUnlockedDoors'), 0)) {
        const status = this.get('doorStatus') as PyDict;
        const unlocked = status
          .items()
          .filter(([, v]) => pyEquals(v, 'unlocked'))
          .map(([k]) => str(k));
        return PyDict.of({ error: `All doors must be locked before starting the engine. Here are the unlocked doors: ${unlocked.join(', ')}` });
      }
      if (this.get('brakePedalStatus') !== 'pressed') return PyDict.of({ error: 'Brake pedal needs to be pressed when starting the engine.' });
      if (!pyEquals(this.brakePedalForce, float(1000))) return PyDict.of({ error: 'Must press the brake fully before starting the engine.' });
      if (lt(this.get('fuelLevel'), MIN_FUEL_LEVEL)) return PyDict.of({ error: 'Fuel tank is empty.' });
      if (mode !== 'START') return PyDict.of({ error: 'Invalid ignition mode.' });
      this.set('engine_state', 'running');
      return PyDict.of({ engineState: this.get('engine_state'), fuelLevel: this.get('fuelLevel'), batteryVoltage: this.get('batteryVoltage') });
    }),
    fillFuelTank: method(['fuelAmount'], (amount) => {
      if (lt(amount!, 0)) return PyDict.of({ error: 'Fuel amount cannot be negative.' });
      const after = add(this.get('fuelLevel'), amount!);
      if (gt(after, MAX_FUEL_LEVEL)) return PyDict.of({ error: 'Cannot fill gas above the tank capacity.' });
      if (lt(after, MIN_FUEL_LEVEL)) return PyDict.of({ error: 'Fuel tank is empty. Min fuel level is 0 gallons.' });
      this.set('fuelLevel', after);
      return PyDict.of({ fuelLevel: after });
    }),
    lockDoors: method(['unlock', 'door'], (unlock, door) => this.lock(unlock!, door!)),
    adjustClimateControl: method(['temperature', ['unit', 'celsius'], ['fanSpeed', 50], ['mode', 'auto']], (temperature, unit, fanSpeed, mode) => {
      if (!(le(0, fanSpeed!) && le(fanSpeed!, 100))) return PyDict.of({ error: 'Fan speed must be between 0 and 100.' });
      this.set('acTemperature', temperature!);
      if (unit === 'fahrenheit') this.set('acTemperature', truediv(mul(sub(temperature!, 32), 5), 9));
      this.set('fanSpeed', fanSpeed!);
      this.set('acMode', mode!);
      return PyDict.of({ currentACTemperature: temperature!, climateMode: mode!, humidityLevel: this.get('humidityLevel') });
    }),
    get_outside_temperature_from_google: method([], () => {
      const temperature = float(this.random.uniform(-10, 40));
      if (this.longContext) {
        // Upstream writes into its module-level weather dict and returns that very dict.
        const weather = this.extension('LONG_WEATHER_EXTENSION') as PyDict;
        weather.set('outsideTemperature', temperature);
        return weather;
      }
      return PyDict.of({ outsideTemperature: temperature });
    }),
    get_outside_temperature_from_weather_com: method([], () => PyDict.of({ error: 404 })),
    setHeadlights: method(['mode'], (mode) => {
      if (mode !== 'on' && mode !== 'off' && mode !== 'auto') return PyDict.of({ error: 'Invalid headlight mode.' });
      const status = mode === 'on' ? 'on' : 'off';
      this.set('headLightStatus', status);
      return PyDict.of({ headlightStatus: status });
    }),
    displayCarStatus: method(['option'], (option) => {
      const status = new PyDict();
      if (this.longContext) status.set('metadata', this.extension('CAR_STATUS_METADATA_EXTENSION'));
      const show: Record<string, [string, Py][]> = {
        fuel: [['fuelLevel', this.get('fuelLevel')]],
        battery: [['batteryVoltage', this.get('batteryVoltage')]],
        doors: [['doorStatus', this.get('doorStatus')]],
        climate: [
          ['currentACTemperature', this.get('acTemperature')],
          ['fanSpeed', this.get('fanSpeed')],
          ['climateMode', this.get('acMode')],
          ['humidityLevel', this.get('humidityLevel')],
        ],
        headlights: [['headlightStatus', this.get('headLightStatus')]],
        parkingBrake: [
          ['parkingBrakeStatus', this.get('parkingBrakeStatus')],
          ['parkingBrakeForce', this.parkingBrakeForce],
          ['slopeAngle', this.slopeAngle],
        ],
        brakePedal: [
          ['brakePedalStatus', this.get('brakePedalStatus')],
          ['brakePedalForce', this.brakePedalForce],
        ],
        engine: [['engineState', this.get('engine_state')]],
      };
      const fields = typeof option === 'string' && Object.hasOwn(show, option) ? show[option]! : [['error', 'Invalid option'] as [string, Py]];
      for (const [k, v] of fields) status.set(k, v);
      return status;
    }),
    activateParkingBrake: method(['mode'], (mode) => {
      if (mode !== 'engage' && mode !== 'release') return PyDict.of({ error: 'Invalid mode' });
      return mode === 'engage' ? this.parkingBrake('engaged', 500) : this.parkingBrake('released', 0);
    }),
    pressBrakePedal: method(['pedalPosition'], (position) => {
      if (!(le(0, position!) && le(position!, 1))) return PyDict.of({ error: 'Pedal position must be between 0 and 1.' });
      if (pyEquals(position!, 0)) {
        this.set('brakePedalStatus', 'released');
        this.brakePedalForce = float(0);
        return PyDict.of({ brakePedalStatus: 'released', brakePedalForce: float(0) });
      }
      const force = mul(position!, 1000);
      this.set('brakePedalStatus', 'pressed');
      this.brakePedalForce = force;
      return PyDict.of({ brakePedalStatus: 'pressed', brakePedalForce: toFloat(force) });
    }),
    releaseBrakePedal: method([], () => {
      this.set('brakePedalStatus', 'released');
      this.brakePedalForce = float(0);
      return PyDict.of({ brakePedalStatus: 'released', brakePedalForce: float(0) });
    }),
    setCruiseControl: method(['speed', 'activate', 'distanceToNextVehicle'], (speed, activate, distance) => {
      if (this.get('engine_state') === 'stopped') return PyDict.of({ error: 'Start the engine before activating the cruise control.' });
      this.set('distanceToNextVehicle', toFloat(distance!));
      if (truthy(activate!)) {
        if (lt(speed!, 0) || gt(speed!, 120) || !pyEquals(mod(speed!, 5), 0)) return PyDict.of({ error: 'Invalid speed' });
        this.set('cruiseStatus', 'active');
      } else this.set('cruiseStatus', 'inactive');
      return PyDict.of({ cruiseStatus: this.get('cruiseStatus'), currentSpeed: toFloat(speed!), distanceToNextVehicle: toFloat(distance!) });
    }),
    get_current_speed: method([], () => PyDict.of({ currentSpeed: float(this.random.uniform(0, 120)) })),
    display_log: method(['messages'], (messages) => PyDict.of({ log: messages! })),
    estimate_drive_feasibility_by_mileage: method(['distance'], (distance) =>
      PyDict.of({ canDrive: !lt(mul(this.get('fuelLevel'), MILE_PER_GALLON), distance!) }),
    ),
    liter_to_gallon: method(['liter'], (liter) => PyDict.of({ gallon: mul(liter!, float(0.264172)) })),
    gallon_to_liter: method(['gallon'], (gallon) => PyDict.of({ liter: mul(gallon!, float(3.78541)) })),
    estimate_distance: method(['cityA', 'cityB'], (a, b) => {
      const found = DISTANCES.find(([x, y]) => (a === x && b === y) || (a === y && b === x));
      const answer = found ? PyDict.of({ distance: float(found[2]) }) : PyDict.of({ error: 'distance not found in database.' });
      if (this.longContext) answer.set('intermediaryCities', this.extension('INTERMEDIARY_CITIES'));
      return answer;
    }),
    get_zipcode_based_on_city: method(['city'], (city) =>
      PyDict.of({ zipcode: typeof city === 'string' && Object.hasOwn(ZIPCODES, city) ? ZIPCODES[city]! : '00000' }),
    ),
    set_navigation: method(['destination'], (destination) => {
      this.set('destination', destination!);
      return PyDict.of({ status: add('Navigating to ', destination!) });
    }),
    check_tire_pressure: method([], () => {
      const tires = ['frontLeftTirePressure', 'frontRightTirePressure', 'rearLeftTirePressure', 'rearRightTirePressure'] as const;
      const average = truediv(
        tires.map((t) => this.get(t)).reduce((acc, x) => add(acc, x)),
        4,
      );
      const status = new PyDict(tires.map((t) => [t, this.get(t)]));
      status.set('healthy_tire_pressure', le(30, average) && le(average, 35));
      status.set('car_info', this.longContext ? this.extension('CAR_STATUS_METADATA_EXTENSION') : new PyDict());
      return status;
    }),
    find_nearest_tire_shop: method([], () => PyDict.of({ shopLocation: '456 Oakwood Avenue, Rivermist, 83214' })),
  };
}
