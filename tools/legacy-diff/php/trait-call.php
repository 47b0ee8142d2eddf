<?php
// One trait class's onCalcDomestic(turn, var, value, aux), as the general's chain calls it
// (징병/모병 pass the crew type's arm as aux).
use function sammo\{buildGeneralSpecialDomesticClass, buildGeneralSpecialWarClass, buildNationTypeClass, buildPersonalityClass};

function trait_call(array $case): float
{
    $trait = match ($case['kind']) {
        'nation' => buildNationTypeClass($case['key']),
        'domestic' => buildGeneralSpecialDomesticClass($case['key']),
        'war' => buildGeneralSpecialWarClass($case['key']),
        'personality' => buildPersonalityClass($case['key']),
    };
    $aux = key_exists('armType', $case) ? ['armType' => $case['armType']] : null;
    return (float)$trait->onCalcDomestic($case['turn'], $case['var'], $case['value'], $aux);
}
