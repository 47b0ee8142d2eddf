<?php
// A player joins: the legacy's General/Join in the player's session on the case's rows (its
// accounts' `member` row beside them), and what it wrote read back — its answer, the new
// general's row, its action log, the world's action and history lines, the geniuses left —
// with the second it read the clock at (the seed of its MakeGeneral stream), in the shape
// src/join-area.ts gives libs/sammo's createGeneral. A call that straddles a second (read
// before and after) is run again, so the second is the one the stream was seeded with.
use sammo\{DB, KVStorage, TimeUtil, UniqueConst};
use sammo\API\General\Join;
use function sammo\{legacy_db_case, legacy_db_create, legacy_db_reset_ids, refreshNationStaticInfo};

require_once __DIR__ . '/../fixtures.php';
require_once __DIR__ . '/../api.php';
require_once LEGACY_ROOT . '/hwe/func.php';

legacy_db_create();
// The accounts' tables (the root database's `member` and `member_log`) in the case's database.
(function (): void {
    $schema = file_get_contents(LEGACY_ROOT . '/f_install/sql/common_schema.sql');
    foreach (['member', 'member_log'] as $table) {
        if (!preg_match('/CREATE TABLE `' . $table . '` \(.*?ENGINE=Aria;/s', $schema, $m)) throw new \RuntimeException("no $table in the common schema");
        DB::db()->query(str_replace('ENGINE=Aria', 'ENGINE=InnoDB', $m[0]));
    }
})();
// pushAdminLog appends under the checkout's hwe/logs/<server>; the run's own directory.
@mkdir(LEGACY_ROOT . '/hwe/logs/' . UniqueConst::$serverID, 0777, true);

function run_case(array $case): array
{
    for ($try = 0; $try < 5; $try++) {
        legacy_db_reset_ids();
        $out = legacy_db_case(fn () => run_join($case));
        if ($out !== null) return $out;
    }
    throw new \RuntimeException('the clock turned a second during every try');
}

function join_plain(string $text): string
{
    $text = strip_tags($text);
    $text = preg_replace('/^●(\d+년 )?(\d+월:)?/u', '', $text);
    return htmlspecialchars_decode($text, ENT_NOQUOTES);
}

function run_join(array $case): ?array
{
    $db = DB::db();
    UniqueConst::$hiddenSeed = $case['tableSeed'];
    fixture_insert($case);
    $gameStor = KVStorage::getStorage($db, 'game_env');
    foreach (['maxgeneral' => $case['maxgeneral'], 'scenario' => $case['scenario'], 'genius' => $case['genius'], 'turntime' => $case['turntime'],
        'show_img_level' => 0, 'block_general_create' => 0, 'npcmode' => 0] as $k => $v) $gameStor->setValue($k, $v);
    // The players' generals are their owners' (owner = the general's id).
    foreach ($case['generals'] as $g) if ($g['npc'] < 2) $db->update('general', ['owner' => $g['id']], 'no = %i', $g['id']);
    refreshNationStaticInfo();
    $user = $case['userID'];
    $db->insert('member', ['NO' => $user, 'ID' => "user$user", 'oauth_type' => 'NONE', 'PW' => '', 'salt' => '', 'NAME' => "user$user", 'REG_DATE' => '2020-01-01 00:00:00']);
    $db->query("DELETE FROM general_record");
    $db->query("DELETE FROM world_history");

    $before = TimeUtil::now(false);
    $answer = api_call(Join::class, api_login($user), $case['join'] + ['pic' => false]);
    $after = TimeUtil::now(false);
    if ($before !== $after) return null;
    if ($answer !== '') return ['now' => $before, 'answer' => $answer];

    $row = $db->queryFirstRow('SELECT * FROM general WHERE owner = %i', $user);
    $id = $row['no'];
    return [
        'now' => $before,
        'answer' => true,
        'general' => [
            'id' => $id, 'name' => htmlspecialchars_decode($row['name'], ENT_NOQUOTES), 'npc' => $row['npc'], 'nation' => $row['nation'], 'city' => $row['city'],
            'leadership' => $row['leadership'], 'strength' => $row['strength'], 'intel' => $row['intel'],
            'experience' => $row['experience'], 'explevel' => $row['explevel'], 'dedication' => $row['dedication'], 'dedlevel' => $row['dedlevel'],
            'gold' => $row['gold'], 'rice' => $row['rice'], 'crew' => $row['crew'], 'crewtype' => $row['crewtype'], 'train' => $row['train'], 'atmos' => $row['atmos'],
            'officerLevel' => $row['officer_level'], 'belong' => $row['belong'], 'betray' => $row['betray'], 'makelimit' => $row['makelimit'],
            'age' => $row['age'], 'bornyear' => $row['bornyear'], 'deadyear' => $row['deadyear'], 'affinity' => $row['affinity'], 'killturn' => $row['killturn'],
            'personal' => $row['personal'], 'special' => $row['special'], 'specage' => $row['specage'], 'special2' => $row['special2'], 'specage2' => $row['specage2'],
            'turntime' => substr($row['turntime'], 0, 23),
        ],
        'queue' => $db->queryFirstColumn('SELECT action FROM general_turn WHERE general_id = %i ORDER BY turn_idx', $id),
        'logs' => array_map('join_plain', $db->queryFirstColumn("SELECT text FROM general_record WHERE general_id = %i AND log_type = 'action' ORDER BY id", $id)),
        'world' => array_map('join_plain', $db->queryFirstColumn("SELECT text FROM general_record WHERE general_id = 0 ORDER BY id")),
        'history' => array_map('join_plain', $db->queryFirstColumn('SELECT text FROM world_history ORDER BY id')),
        'genius' => (int)$db->queryFirstField("SELECT `value` FROM storage WHERE `namespace` = 'game_env' AND `key` = 'genius'"),
    ];
}
