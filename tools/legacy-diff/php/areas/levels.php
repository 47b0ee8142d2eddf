<?php
use function sammo\{getBillByLevel, getDedLevel, getDedLevelText, getExpLevel};

function run_case(array $case): array
{
    $dedLevel = getDedLevel($case['dedication']);
    return [
        'explevel' => getExpLevel($case['experience']),
        'dedlevel' => $dedLevel,
        'text' => getDedLevelText($dedLevel),
        'bill' => getBillByLevel($dedLevel),
    ];
}
