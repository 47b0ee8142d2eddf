<?php
// The chiefs' personnel page hwe/j_myBossInfo.php (임명, 추방), its own code run in the
// mover's session on the case's rows: the answer (true, or the refusal's words) and the rows
// it writes, in the shape src/officers-area.ts gives libs/sammo's appoint and expel moves.
use sammo\{DB, UniqueConst};
use function sammo\legacy_db_case;
use function sammo\legacy_db_create;

require_once __DIR__ . '/../fixtures.php';
require_once __DIR__ . '/../api.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();

function run_case(array $case): array
{
    return legacy_db_case(fn () => run_officers($case));
}

function run_officers(array $case): array
{
    $db = DB::db();
    UniqueConst::$hiddenSeed = $case['tableSeed'];
    fixture_insert($case);
    fixture_members($case);
    $firstLog = (int)$db->queryFirstField('SELECT COALESCE(MAX(id), 0) FROM general_record');
    api_login($case['mover']);
    [$action, $args] = $case['call'];
    $out = boss_info_page(['action' => $action] + $args);
    $answer = $out['result'] ? true : $out['reason'];

    $generals = array_map(fn ($g) => [
        (int)$g['no'], (int)$g['nation'], (int)$g['officer_level'], (int)$g['officer_city'], (int)$g['gold'], (int)$g['rice'], (int)$g['belong'],
        (int)$g['makelimit'], (int)$g['betray'], (int)$g['experience'], (int)$g['dedication'], (int)$g['explevel'], (int)$g['dedlevel'],
        (int)$g['troop'], (int)$g['injury'], $g['permission'],
    ], $db->query('SELECT no, nation, officer_level, officer_city, gold, rice, belong, makelimit, betray, experience, dedication, explevel, dedlevel, troop, injury, permission FROM general ORDER BY no'));
    $nations = array_map(fn ($n) => [(int)$n['nation'], (int)$n['chief_set'], (int)$n['gennum'], (int)$n['gold'], (int)$n['rice']],
        $db->query('SELECT nation, chief_set, gennum, gold, rice FROM nation ORDER BY nation'));
    $cityIds = array_values(array_unique(array_column($case['cities'], 'id')));
    $cities = array_map(fn ($c) => [(int)$c['city'], (int)$c['officer_set']], $db->query('SELECT city, officer_set FROM city WHERE city IN %li ORDER BY city', $cityIds));
    $troops = array_map('intval', $db->queryFirstColumn('SELECT troop_leader FROM troop ORDER BY troop_leader'));
    $records = $db->query('SELECT general_id, log_type, text FROM general_record WHERE id > %i ORDER BY id', $firstLog);
    $logs = ['world' => [], 'general' => []];
    foreach ($records as $r) {
        if ((int)$r['general_id'] === 0 && $r['log_type'] === 'history') $logs['world'][] = officers_plain_log($r['text']);
        elseif ((int)$r['general_id'] > 0 && $r['log_type'] === 'action') $logs['general'][] = [(int)$r['general_id'], officers_plain_log($r['text'])];
    }
    $messages = array_map(function ($m) {
        $message = json_decode($m['message'], true);
        return [(int)$message['src']['id'], (int)$message['src']['nation_id'], $message['text']];
    }, $db->query("SELECT message FROM message WHERE type = 'public' ORDER BY id"));
    return ['answer' => $answer, 'generals' => $generals, 'nations' => $nations, 'cities' => $cities, 'troops' => $troops, 'logs' => $logs, 'messages' => $messages];
}

/** A line as a reader sees it: the date prefix and the colour tags left out. */
function officers_plain_log(string $text): string
{
    $text = preg_replace('/^<C>●<\/>(\d+월:)?/u', '', $text);
    $text = preg_replace('/^<C>●<\/>\d+년 \d+월:/u', '', $text);
    $text = preg_replace('/<\/?(span|b)\b[^>]*>|<[A-Za-z0-9]{1,2}>|<\/>/u', '', $text);
    return trim($text);
}

/** The chiefs' page hwe/j_myBossInfo.php (see legacy_page): its three functions renamed per call. */
function boss_info_page(array $post): array
{
    return legacy_page('j_myBossInfo.php', array_map(fn ($v) => (string)$v, $post), 'Session::requireGameLogin();', 10, ['do수뇌임명', 'do도시임명', 'do추방']);
}
