<?php
// One legacy command on the case's rows (src/commands-area.ts), run the way the legacy's
// turn runs it (TurnExecutionHelper::processCommand / processNationCommand: the full
// condition, the term stack, run, cooldown, alternatives) on the RNG the turn seeds for it,
// then the rows read back.
use sammo\{DB, General, KVStorage, LastTurn, LiteHashDRBG, RandUtil, TurnExecutionHelper, UniqueConst, Util};
use sammo\TextDecoration\SightseeingMessage;
use function sammo\{buildGeneralCommandClass, buildNationCommandClass, GetNationColors, legacy_db_case, legacy_db_create, legacy_db_reset_ids};

require_once __DIR__ . '/fixtures.php';
require_once __DIR__ . '/plates-stub.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();

/** libs/sammo's argument in the legacy's spelling: `…Id` keys as `…ID`, a colour as its index, 순간이동's option. */
function command_legacy_arg(string $command, $arg)
{
    if (!is_array($arg)) return $arg;
    $out = [];
    foreach ($arg as $key => $value) {
        if ($key === 'color') {
            $out['colorType'] = array_search($value, GetNationColors(), true);
            continue;
        }
        $out[preg_replace('/Id$/', 'ID', $key)] = $value;
    }
    if ($command === 'che_NPC능동') $out = ['optionText' => '순간이동'] + $out;
    return $out;
}

function command_last_turn(array $raw): array
{
    return ['command' => $raw['command'] ?? '휴식', 'term' => $raw['term'] ?? 0];
}

/**
 * 견문's event: the legacy draws it with PHP's unseeded mt_rand, libs/sammo from a stream of
 * its own (`sightseeing`, year, month, general). The legacy is steered to the event and text
 * libs/sammo draws — mt_srand with the first seed whose pickAction gives them — so that the
 * rest (the injury on the command's stream, every effect) is compared.
 */
function command_steer_sightseeing(int $year, int $month, int $generalID): void
{
    $events = new RandUtil(new LiteHashDRBG(Util::simpleSerialize(UniqueConst::$hiddenSeed, 'sightseeing', $year, $month, $generalID)));
    [$type, $texts] = $events->choiceUsingWeightPair((new \ReflectionMethod(SightseeingMessage::class, 'getMessageList'))->invoke(null));
    $text = $events->choice($texts);
    for ($seed = 0; ; $seed++) {
        mt_srand($seed);
        if ((new SightseeingMessage())->pickAction() === [$type, $text]) break;
    }
    mt_srand($seed);
}

function run_command_case(array $case, string $kind, bool $logs = false): array
{
    try {
        return legacy_db_case(fn () => run_command($case, $kind, $logs));
    } finally {
        legacy_db_reset_ids();
    }
}

function run_command(array $case, string $kind, bool $logs = false): array
{
    $db = DB::db();
    UniqueConst::$hiddenSeed = $case['tableSeed'];
    $actor = $case['generals'][0];
    $last = isset($actor['lastTurn']) ? ['command' => $actor['lastTurn']['command'], 'arg' => command_legacy_arg($case['command'], $actor['lastTurn']['arg']), 'term' => $actor['lastTurn']['term'], 'seq' => $actor['lastTurn']['seq'] ?? null] : null;
    $case['generals'][0]['lastTurn'] = $last;
    fixture_insert($case);
    $gameStor = KVStorage::getStorage($db, 'game_env');
    foreach (['isunited' => 0, 'npcmode' => 0, 'fiction' => 0, 'scenario' => 0, 'maxgeneral' => 500, 'turntime' => '2026-01-01 00:00:00', 'init_year' => $case['startyear'], 'init_month' => 1] as $k => $v) {
        $gameStor->setValue($k, $v);
    }
    $env = $gameStor->getAll();
    [$year, $month] = [$case['year'], $case['month']];
    $arg = command_legacy_arg($case['command'], $case['arg']);

    $general = General::createObjFromDB($actor['id']);
    $turn = new TurnExecutionHelper($general);
    if ($kind === 'general') {
        $command = buildGeneralCommandClass($case['command'], $general, $env, $arg);
        $rng = new RandUtil(new LiteHashDRBG(Util::simpleSerialize(UniqueConst::$hiddenSeed, 'generalCommand', $year, $month, $general->getID(), $command->getRawClassName())));
        if ($case['command'] === 'che_견문') command_steer_sightseeing($year, $month, $general->getID());
        $refusal = $command->testFullConditionMet();
        $turn->processCommand($rng, $command, false);
    } else {
        $nationStor = KVStorage::getStorage($db, $general->getNationID(), 'nation_env');
        $lastKey = "turn_last_{$general->getVar('officer_level')}";
        // The stack a previous turn of this command left holds its argument as argTest made
        // it (감축's and 필사즉생's null is `[]` there).
        if ($last !== null && $last['arg'] === null && $last['command'] === buildNationCommandClass($case['command'], $general, $env, new LastTurn(), $arg)->getName()) {
            $last['arg'] = buildNationCommandClass($case['command'], $general, $env, new LastTurn(), $arg)->getArg();
        }
        if ($last !== null) $nationStor->setValue($lastKey, (new LastTurn($last['command'], $last['arg'], $last['term'], $last['seq']))->toRaw());
        $command = buildNationCommandClass($case['command'], $general, $env, LastTurn::fromRaw($nationStor->getValue($lastKey)), $arg);
        $rng = new RandUtil(new LiteHashDRBG(Util::simpleSerialize(UniqueConst::$hiddenSeed, 'nationCommand', $year, $month, $general->getID(), $command->getRawClassName())));
        $refusal = $command->testFullConditionMet();
        $nationStor->setValue($lastKey, $turn->processNationCommand($rng, $command)->toRaw());
        $general->setRawCity(null);
    }
    $turn->applyDB();

    // The item columns for general commands (장비매매, the unique-item lottery after a command).
    $generals = fixture_general_rows(array_merge(
        ['npc', 'leadership', 'strength', 'intel', 'crewtype', 'defence_train', 'makelimit', 'betray', 'personal', 'special', 'special2', 'specage', 'specage2', 'aux'],
        $kind === 'general' ? ['horse', 'weapon', 'book', 'item'] : [],
    ));
    // Of the aux, the specialities held before (the resets write them).
    foreach ($generals as &$row) {
        $aux = json_decode($row['aux'], true) ?: [];
        unset($row['aux']);
        $row['prev_types_special'] = $aux['prev_types_special'] ?? null;
        $row['prev_types_special2'] = $aux['prev_types_special2'] ?? null;
    }
    unset($row);
    // A general the command made (인재탐색, 의병모집) is compared whole: its name, life and first turn (to the ms).
    $fixtureIds = array_column($case['generals'], 'id');
    foreach ($generals as &$row) {
        if (in_array($row['id'], $fixtureIds, true)) continue;
        $made = $db->queryFirstRow('SELECT name, affinity, bornyear, deadyear, age, killturn, turntime, npc_org FROM general WHERE no = %i', $row['id']);
        $made['turntime'] = substr($made['turntime'], 0, 23);
        $row += $made;
    }
    unset($row);
    $cityIds = array_values(array_unique(array_column($case['cities'], 'id')));
    $cities = $db->query('SELECT city, nation, supply, front, pop, agri, comm, secu, def, wall, trust, state, officer_set, level, pop_max, agri_max, comm_max, secu_max, def_max, wall_max FROM city WHERE city IN %li ORDER BY city', $cityIds);
    if ($kind === 'general') {
        $lastTurn = command_last_turn(json_decode($db->queryFirstField('SELECT last_turn FROM general WHERE no = %i', $actor['id']), true) ?: []);
        $prefix = "next_execute_{$actor['id']}_";
        $stored = KVStorage::getStorage($db, 'next_execute')->getAll();
    } else {
        $lastTurn = command_last_turn($nationStor->getValue($lastKey) ?? []);
        $prefix = 'next_execute_';
        $stored = $nationStor->getAll();
    }
    $nextExecute = [];
    foreach ($stored as $key => $value) {
        if (str_starts_with($key, $prefix)) $nextExecute[substr($key, strlen($prefix))] = $value;
    }
    return [
        'refusal' => $refusal,
        'generals' => $generals,
        'cities' => $cities,
        'nations' => array_map(
            fn ($n) => ['aux' => (object)(json_decode($n['aux'], true) ?: []), 'spy' => (object)(json_decode($n['spy'], true) ?: [])] + $n,
            $db->query('SELECT nation, name, color, capital, level, type, gold, rice, tech, gennum, surlimit, chief_set, capset, strategic_cmd_limit, aux, spy FROM nation ORDER BY nation'),
        ),
        'diplomacy' => $db->query('SELECT me, you, state, term FROM diplomacy ORDER BY me, you'),
        'lastTurn' => $lastTurn,
        'nextExecute' => (object)$nextExecute,
        'activeAction' => (KVStorage::getStorage($db, "inheritance_{$actor['id']}")->getValue('active_action') ?? [0])[0],
    ] + (!$logs ? [] : [
        'logs' => array_map('command_plain_log', $db->queryFirstColumn("SELECT text FROM general_record WHERE general_id = %i AND log_type = 'action' ORDER BY id", $actor['id'])),
    ]);
}

/** A log line as the player reads it: without the bullet, the month, the time and the colour tags. */
function command_plain_log(string $text): string
{
    $text = preg_replace('/^<C>●<\/>(\d+월:)?/u', '', $text);
    $text = preg_replace('/\s*<1>[^<]*<\/>/u', '', $text);
    $text = preg_replace('/<\/?(span|b)\b[^>]*>|<[A-Za-z0-9]{1,2}>|<\/>/u', '', $text);
    return trim($text);
}
