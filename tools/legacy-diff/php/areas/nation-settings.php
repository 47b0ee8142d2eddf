<?php
// A chief's nation settings, by the legacy's own API classes run in the mover's session on
// the case's rows (hwe/sammo/API/Nation/SetRate, SetBill, SetSecretLimit, SetBlockWar,
// SetBlockScout, SetTroopName, SetNotice, SetScoutMsg — those two purify HTML with
// ezyang/htmlpurifier, which the checkout's vendor must hold) and the ruler's page
// hwe/j_general_set_permission.php: the answer (true, or the refusal's words) and the
// nation's settings after it, in the shape src/nation-settings-area.ts gives libs/sammo's moves.
use sammo\{DB, KVStorage};
use function sammo\legacy_db_case;
use function sammo\legacy_db_create;

require_once __DIR__ . '/../fixtures.php';
require_once __DIR__ . '/../api.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();

function run_case(array $case): array
{
    return legacy_db_case(fn () => run_nation_setting($case));
}

function run_nation_setting(array $case): array
{
    $db = DB::db();
    fixture_insert($case);
    KVStorage::getStorage($db, 'game_env')->setValue('block_change_scout', $case['blockChangeScout']);
    foreach ($case['nations'] as $n) {
        $db->update('nation', ['secretlimit' => $n['secretlimit'], 'war' => $n['war'], 'scout' => $n['scout']], 'nation = %i', $n['id']);
        KVStorage::getStorage($db, $n['id'], 'nation_env')->setValue('available_war_setting_cnt', $n['warSettingsLeft']);
    }
    fixture_members($case);
    [$api, $args] = $case['call'];
    $session = api_login($case['mover']);
    if ($api === 'SetPermission') {
        $out = set_permission_page($args);
        $answer = $out['result'] ? true : $out['reason'];
    } else {
        $out = api_call("sammo\\API\\Nation\\$api", $session, $args);
        // SetTroopName answers null on success; the others ['result' => true, …].
        $answer = is_string($out) && $out !== '' ? $out : true;
    }
    $nations = [];
    foreach ($db->query('SELECT nation, rate, bill, secretlimit, war, scout FROM nation ORDER BY nation') as $n) {
        $left = KVStorage::getStorage($db, $n['nation'], 'nation_env')->getValue('available_war_setting_cnt');
        $nations[] = [(int)$n['nation'], (int)$n['rate'], (int)$n['bill'], (int)$n['secretlimit'], (int)$n['war'], (int)$n['scout'], (int)$left];
    }
    // What a reader of the page sees of the purified text: its entities decoded (the cases hold no markup).
    $shown = fn (?string $html) => $html === null ? null : html_entity_decode($html, ENT_QUOTES | ENT_HTML5, 'UTF-8');
    $texts = [];
    foreach ($db->queryFirstColumn('SELECT nation FROM nation ORDER BY nation') as $nationID) {
        $stor = KVStorage::getStorage($db, $nationID, 'nation_env');
        $notice = $stor->getValue('nationNotice');
        $texts[] = [(int)$nationID, $notice === null ? null : [$shown($notice['msg']), $notice['author'], (int)$notice['authorID']], $shown($stor->getValue('scout_msg'))];
    }
    $troops = array_map(fn ($t) => [(int)$t['troop_leader'], $t['name']], $db->query('SELECT troop_leader, name FROM troop ORDER BY troop_leader'));
    $permissions = array_map(fn ($g) => [(int)$g['no'], $g['permission']], $db->query('SELECT no, permission FROM general ORDER BY no'));
    return ['answer' => $answer, 'nations' => $nations, 'texts' => $texts, 'troops' => $troops, 'permissions' => $permissions];
}

/** The ruler's page hwe/j_general_set_permission.php (see legacy_page). */
function set_permission_page(array $args): array
{
    $post = ['isAmbassador' => $args['isAmbassador'] ? 'true' : 'false', 'genlist' => $args['genlist']];
    return legacy_page('j_general_set_permission.php', $post, 'Session::requireGameLogin([])->setReadOnly();', 4);
}
